//! The public rating sets `meta-eval --dataset` knows, each read from its own repository's files
//! (laid out as `cargo xtask data fetch` lays them out) into [`RatedOutputs`].

use std::path::Path;

use crate::{Error, MetaMetric, Metric, RatedOutputs, Rating};

/// A public set of human ratings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum RatingDataset {
    /// GMEG (Napoles, Nădejde & Tetreault, TACL 2019), FCE domain: 6 GEC systems, the source
    /// and a reference rated 0–100 by 8 judges per sentence (their mean), 4 references.
    GmegFce,
    /// GMEG, Wikipedia domain.
    GmegWiki,
    /// GMEG, Yahoo Answers domain: ratings only (its text is withheld by its licence).
    GmegYahoo,
    /// TMU-GFM (Yoshimura et al., COLING 2020): 4,221 outputs of 5 GEC systems, 5 annotators'
    /// grammaticality, fluency and meaning ratings; no references.
    TmuGfm,
    /// Simplicity-DA (Alva-Manchego, Scarton & Specia, CL 2021): 600 outputs of 6
    /// simplification systems on ASSET sentences, fluency, meaning and simplicity (raw means and
    /// z-scores); ASSET's 10 references.
    SimplicityDa,
    /// Structural simplicity (Sulem et al. 2018's ratings, as Alva-Manchego et al. 2021 use
    /// them): 1,750 outputs, grammaticality, meaning, simplicity and structural simplicity;
    /// ASSET's 10 references.
    StructuralSimplicity,
    /// ASSET's ratings (Alva-Manchego et al., ACL 2020): 100 system outputs (their systems not
    /// named) rated by 15 workers for fluency, meaning and simplicity; segment level only.
    AssetRatings,
}

impl RatingDataset {
    /// Every rating set.
    pub const ALL: [RatingDataset; 7] = [
        RatingDataset::GmegFce,
        RatingDataset::GmegWiki,
        RatingDataset::GmegYahoo,
        RatingDataset::TmuGfm,
        RatingDataset::SimplicityDa,
        RatingDataset::StructuralSimplicity,
        RatingDataset::AssetRatings,
    ];

    /// The name `--dataset` takes.
    pub fn name(self) -> &'static str {
        match self {
            RatingDataset::GmegFce => "gmeg-fce",
            RatingDataset::GmegWiki => "gmeg-wiki",
            RatingDataset::GmegYahoo => "gmeg-yahoo",
            RatingDataset::TmuGfm => "tmu-gfm",
            RatingDataset::SimplicityDa => "simplicity-da",
            RatingDataset::StructuralSimplicity => "structural-simplicity",
            RatingDataset::AssetRatings => "asset-ratings",
        }
    }

    /// The systems its papers leave out of correlations: GMEG's reference (its text is not
    /// released: which of the four references was rated is not said).
    pub fn excluded(self) -> &'static [&'static str] {
        match self {
            RatingDataset::GmegFce | RatingDataset::GmegWiki | RatingDataset::GmegYahoo => &["ref"],
            _ => &[],
        }
    }

    /// The correlated systems hybrid systems do not mix (`--synthetic`): GMEG's source, as its
    /// protocol mixes only the GEC systems.
    pub fn not_mixed(self) -> &'static [&'static str] {
        match self {
            RatingDataset::GmegFce | RatingDataset::GmegWiki | RatingDataset::GmegYahoo => {
                &["source"]
            }
            _ => &[],
        }
    }

    /// The systems of `ratings` that hybrids mix (`--synthetic`): those not `excluded` nor
    /// [`RatingDataset::not_mixed`].
    pub fn synthetic_pool(self, ratings: &RatedOutputs, excluded: &[String]) -> Vec<String> {
        ratings
            .systems
            .iter()
            .filter(|s| !excluded.contains(s) && !self.not_mixed().contains(&s.as_str()))
            .cloned()
            .collect()
    }

    /// The aspect correlated unless `--aspect` names another.
    pub fn default_aspect(self) -> &'static str {
        match self {
            RatingDataset::GmegFce | RatingDataset::GmegWiki | RatingDataset::GmegYahoo => "score",
            RatingDataset::TmuGfm => "grammaticality",
            RatingDataset::SimplicityDa | RatingDataset::AssetRatings => "simplicity",
            RatingDataset::StructuralSimplicity => "structural_simplicity",
        }
    }

    /// The metrics `meta-eval` scores on `ratings` of this set (`None`: a user's file) unless
    /// told others: those its inputs allow. GEC with references: M2, ERRANT, GLEU and chrF;
    /// GEC without (TMU-GFM, a file without references): USim; simplification: BLEU, SARI and
    /// FKGL.
    pub fn default_metrics(set: Option<RatingDataset>, ratings: &RatedOutputs) -> Vec<MetaMetric> {
        let metrics: &[Metric] = match set {
            Some(RatingDataset::TmuGfm) => &[Metric::Usim],
            Some(
                RatingDataset::SimplicityDa
                | RatingDataset::StructuralSimplicity
                | RatingDataset::AssetRatings,
            ) => &[Metric::Bleu, Metric::Sari, Metric::Fkgl],
            _ if ratings.segments.iter().all(|g| !g.references.is_empty()) => {
                &[Metric::M2, Metric::Errant, Metric::Gleu, Metric::Chrf]
            }
            _ => &[Metric::Usim],
        };
        metrics.iter().map(|&m| MetaMetric::Metric(m)).collect()
    }

    /// Its ratings, from the data directory `data` (GMEG: the `test` split, or `dev`).
    pub fn read(self, data: &Path, split: &str) -> Result<RatedOutputs, Error> {
        let rows = match self {
            RatingDataset::GmegFce => gmeg(data, split, "fce", true)?,
            RatingDataset::GmegWiki => gmeg(data, split, "wiki", true)?,
            RatingDataset::GmegYahoo => gmeg(data, split, "yahoo", false)?,
            RatingDataset::TmuGfm => tmu_gfm(data)?,
            RatingDataset::SimplicityDa => alva_manchego(
                data,
                "metaeval_simplification/data/simplicity_DA.csv",
                &[
                    "fluency",
                    "meaning",
                    "simplicity",
                    "fluency_zscore",
                    "meaning_zscore",
                    "simplicity_zscore",
                ],
            )?,
            RatingDataset::StructuralSimplicity => alva_manchego(
                data,
                "metaeval_simplification/data/structural_simplicity.csv",
                &[
                    "grammaticality",
                    "meaning",
                    "simplicity",
                    "structural_simplicity",
                ],
            )?,
            RatingDataset::AssetRatings => asset_ratings(data)?,
        };
        RatedOutputs::from_ratings(self.name(), rows, None)
    }
}

impl std::str::FromStr for RatingDataset {
    type Err = String;

    fn from_str(name: &str) -> Result<RatingDataset, String> {
        RatingDataset::ALL
            .into_iter()
            .find(|d| d.name() == name)
            .ok_or_else(|| format!("no rating set {name:?}"))
    }
}

/// A CSV file of the data as its header and records (a UTF-8 byte-order mark dropped).
struct Table {
    file: String,
    header: Vec<String>,
    records: Vec<(usize, csv::StringRecord)>,
}

impl Table {
    fn read(path: &Path) -> Result<Table, Error> {
        let file = path.display().to_string();
        let text = gec_metrics::read_text(path)?;
        let mut reader = csv::Reader::from_reader(text.trim_start_matches('\u{feff}').as_bytes());
        let csv_error = |e: csv::Error| Error::Ratings {
            file: file.clone(),
            line: e.position().map_or(1, |p| p.line() as usize),
            column: 1,
            message: e.to_string(),
        };
        let header = reader
            .headers()
            .map_err(csv_error)?
            .iter()
            .map(str::to_owned)
            .collect();
        let records = reader
            .records()
            .map(|r| {
                let r = r.map_err(csv_error)?;
                Ok((r.position().map_or(0, |p| p.line() as usize), r))
            })
            .collect::<Result<_, Error>>()?;
        Ok(Table {
            file,
            header,
            records,
        })
    }

    fn column(&self, name: &str) -> Result<usize, Error> {
        self.header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| Error::Ratings {
                file: self.file.clone(),
                line: 1,
                column: self.header.len() + 1,
                message: format!("no column {name:?}"),
            })
    }

    fn number(&self, line: usize, column: usize, value: &str) -> Result<f64, Error> {
        value.trim().parse().map_err(|_| Error::Ratings {
            file: self.file.clone(),
            line,
            column: column + 1,
            message: format!("{value:?} is not a number"),
        })
    }
}

fn lines(path: &Path) -> Result<Vec<String>, Error> {
    Ok(gec_metrics::read_lines(path)?)
}

/// GMEG: `data/<split>/<domain>/{source,ref0-3,<system>}` and
/// `data/<split>/<domain>-segment-scores.csv` (a column per system, a row per line).
fn gmeg(data: &Path, split: &str, domain: &str, text: bool) -> Result<Vec<Rating>, Error> {
    let folder = data.join("gmeg/data").join(split);
    let scores = Table::read(&folder.join(format!("{domain}-segment-scores.csv")))?;
    let read = |name: &str| -> Result<Option<Vec<String>>, Error> {
        if text {
            lines(&folder.join(domain).join(name)).map(Some)
        } else {
            Ok(None)
        }
    };
    let source = read("source")?;
    let references = (0..4)
        .map(|k| read(&format!("ref{k}")))
        .collect::<Result<Vec<_>, Error>>()?;
    let mut outputs = Vec::new();
    for system in &scores.header {
        // The rated reference's text is not released, nor which reference it was.
        let output = match system.as_str() {
            "ref" => None,
            "source" => source.clone(),
            name => read(name)?,
        };
        outputs.push(output);
    }
    let mut rows = Vec::new();
    for (g, (line, record)) in scores.records.iter().enumerate() {
        for (c, value) in record.iter().enumerate() {
            if value.trim().is_empty() {
                continue;
            }
            let text_of = |v: &Option<Vec<String>>| v.as_ref().and_then(|l| l.get(g).cloned());
            rows.push(Rating {
                system: scores.header[c].clone(),
                segment: (g + 1).to_string(),
                source: text_of(&source),
                output: text_of(&outputs[c]),
                references: references.iter().filter_map(text_of).collect(),
                score: scores.number(*line, c, value)?,
                aspect: "score".into(),
                rater: None,
                line: *line,
            });
        }
    }
    Ok(rows)
}

/// TMU-GFM: one row per distinct output, its systems joined by commas, each aspect's five
/// ratings joined by commas; no segment identifiers, so a segment is its source's occurrence.
fn tmu_gfm(data: &Path) -> Result<Vec<Rating>, Error> {
    let table = Table::read(&data.join("tmu_gfm/tmu-gfm-dataset.csv"))?;
    let [source, output, systems] = ["source", "output", "system"].map(|c| table.column(c));
    let (source, output, systems) = (source?, output?, systems?);
    let aspects = [
        ("grammer", "grammaticality"),
        ("fluency", "fluency"),
        ("meaning", "meaning"),
    ];
    let columns = aspects
        .iter()
        .map(|(c, _)| table.column(c))
        .collect::<Result<Vec<_>, Error>>()?;
    let mut rows = Vec::new();
    // A sentence the corpus holds more than once is a segment each time: the k-th row of a
    // (source, system) is its k-th occurrence.
    let mut seen: std::collections::HashMap<(String, String), usize> = Default::default();
    for (line, record) in &table.records {
        for system in record[systems].split(',') {
            let occurrence = seen
                .entry((record[source].to_owned(), system.trim().to_owned()))
                .or_default();
            *occurrence += 1;
            let segment = if *occurrence == 1 {
                record[source].to_owned()
            } else {
                format!("{} (occurrence {occurrence})", &record[source])
            };
            for ((_, aspect), &c) in aspects.iter().zip(&columns) {
                for (rater, value) in record[c].split(',').enumerate() {
                    rows.push(Rating {
                        system: system.trim().to_owned(),
                        segment: segment.clone(),
                        source: Some(record[source].to_owned()),
                        output: Some(record[output].to_owned()),
                        references: Vec::new(),
                        score: table.number(*line, c, value)?,
                        aspect: (*aspect).to_owned(),
                        rater: Some(rater.to_string()),
                        line: *line,
                    });
                }
            }
        }
    }
    Ok(rows)
}

/// ASSET's test set: its sources and 10 references, by 1-based sentence id.
fn asset_test(data: &Path) -> Result<(Vec<String>, Vec<Vec<String>>), Error> {
    let folder = data.join("asset/dataset");
    let source = lines(&folder.join("asset.test.orig"))?;
    let references = (0..10)
        .map(|k| lines(&folder.join(format!("asset.test.simp.{k}"))))
        .collect::<Result<Vec<_>, Error>>()?;
    Ok((source, references))
}

/// The ASSET test sentence `id` names (`first`: the id of the first sentence, 0 or 1): its
/// source and references.
fn asset_segment(
    table: &Table,
    (line, column): (usize, usize),
    id: &str,
    first: usize,
    asset: &(Vec<String>, Vec<Vec<String>>),
) -> Result<(String, Vec<String>), Error> {
    let index = id
        .trim()
        .parse::<usize>()
        .ok()
        .and_then(|i| i.checked_sub(first))
        .filter(|&i| i < asset.0.len())
        .ok_or_else(|| Error::Ratings {
            file: table.file.clone(),
            line,
            column: column + 1,
            message: format!(
                "sentence id {id:?} is not one of ASSET test's {first}–{}",
                asset.0.len() - 1 + first
            ),
        })?;
    Ok((
        asset.0[index].clone(),
        asset.1.iter().map(|r| r[index].clone()).collect(),
    ))
}

/// Alva-Manchego et al.'s rated outputs: `sent_id` (ASSET test), `sys_name`, `simp_sent` and a
/// column per aspect, each a mean over raters.
fn alva_manchego(data: &Path, file: &str, aspects: &[&str]) -> Result<Vec<Rating>, Error> {
    let table = Table::read(&data.join(file))?;
    let asset = asset_test(data)?;
    let [id, system, output] = ["sent_id", "sys_name", "simp_sent"].map(|c| table.column(c));
    let (id, system, output) = (id?, system?, output?);
    let columns = aspects
        .iter()
        .map(|a| table.column(a))
        .collect::<Result<Vec<_>, Error>>()?;
    let mut rows = Vec::new();
    for (line, record) in &table.records {
        let (source, references) = asset_segment(&table, (*line, id), &record[id], 1, &asset)?;
        for (aspect, &c) in aspects.iter().zip(&columns) {
            rows.push(Rating {
                system: record[system].to_owned(),
                segment: record[id].to_owned(),
                source: Some(source.clone()),
                output: Some(record[output].to_owned()),
                references: references.clone(),
                score: table.number(*line, c, &record[c])?,
                aspect: (*aspect).to_owned(),
                rater: None,
                line: *line,
            });
        }
    }
    Ok(rows)
}

/// ASSET's `human_ratings.csv`: one sampled output per source (its system not named), each
/// worker's rating of each aspect a row; ASSET's references by its 0-based sentence ids.
fn asset_ratings(data: &Path) -> Result<Vec<Rating>, Error> {
    let table = Table::read(&data.join("asset/human_ratings/human_ratings.csv"))?;
    let asset = asset_test(data)?;
    let [original, output, id, aspect, worker, rating] = [
        "original",
        "simplification",
        "original_sentence_id",
        "aspect",
        "worker_id",
        "rating",
    ]
    .map(|c| table.column(c));
    let (original, output, id, aspect, worker, rating) =
        (original?, output?, id?, aspect?, worker?, rating?);
    let mut rows = Vec::new();
    for (line, record) in &table.records {
        // Its ids count from 0; its originals differ from ASSET's in case here and there, so
        // the rated original is the source.
        let (_, references) = asset_segment(&table, (*line, id), &record[id], 0, &asset)?;
        rows.push(Rating {
            system: "sampled".into(),
            segment: record[id].to_owned(),
            source: Some(record[original].to_owned()),
            output: Some(record[output].to_owned()),
            references,
            score: table.number(*line, rating, &record[rating])?,
            aspect: record[aspect].to_owned(),
            rater: Some(record[worker].to_owned()),
            line: *line,
        });
    }
    Ok(rows)
}

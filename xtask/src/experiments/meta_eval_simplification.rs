//! `meta-eval-simplification`: Alva-Manchego, Scarton & Specia (Computational Linguistics 2021),
//! "The (Un)Suitability of Automatic Evaluation Metrics for Text Simplification". Every
//! correlation their notebook 3 printed (Pearson's r with the human scores, its p-value, the
//! Williams-test winners; by quality half, by system type, by reference set), recomputed by
//! `meta_eval::direct_assessment_correlations` from their stored sentence scores and compared
//! digit for digit with what the notebook printed.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use anyhow::{Context, bail};
use gecbias_data::DataDir;
use indicatif::ProgressBar;
use meta_eval::{DaCorrelation, DaOptions, direct_assessment_correlations, quality_halves};
use serde_json::json;
use simplification_metrics::{
    EasseTokenizer, EasseVariant, FkBleu, Fkgl, IBleu, Preprocessing, References, easse_corpus_sari,
};

use crate::harness::experiment::{Experiment, Report};
use crate::harness::writer::Table;
use crate::paper_inputs::easse_sets::study_sets;
use crate::paper_inputs::simplification_metaeval::{
    Benchmark, Csv, NOTEBOOK, SIMPLICITY_DA, STRUCTURAL, Section, StoredTable, files, stored_tables,
};

pub(crate) const EXPERIMENT: Experiment =
    Experiment::new("meta-eval-simplification", TITLE, inputs, run);
const TITLE: &str = "Alva-Manchego et al. (CL 2021): every correlation of their notebook 3, recomputed from their stored sentence scores";

fn inputs(_data: &DataDir) -> anyhow::Result<Vec<String>> {
    Ok(files())
}

/// Which outputs a correlation covers.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Subset {
    All,
    Low,
    High,
    SystemType(String),
}

/// What one printed value is the correlation of.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Target {
    aspect: &'static str,
    subset: Subset,
    test_set: String,
}

/// Why a printed value cannot be recomputed from the repository.
const NO_GAIN: &str = "the human simplicity-gain scores are not in the repository";
const NO_SIMALIGN: &str = "scores against references picked by simalign's operation labels, which the repository does not store";

fn aspect(name: &str) -> Result<&'static str, &'static str> {
    match name {
        "simplicity" => Ok(SIMPLICITY_DA.aspect),
        "structural_simplicity" => Ok(STRUCTURAL.aspect),
        _ => Err(NO_GAIN),
    }
}

/// The target of a section's (first, aspect, test set) key, or of (aspect, test set).
fn target(section: Section, parts: &[&str]) -> anyhow::Result<Result<Target, &'static str>> {
    let subset = |s: &str| match (section, s) {
        (Section::SystemTypes, t) => Subset::SystemType(t.to_string()),
        (_, "low") => Subset::Low,
        (_, "high") => Subset::High,
        _ => Subset::All,
    };
    let (subset, aspect_name, test_set) = match (section, parts) {
        (Section::OperationSpecific, _) => return Ok(Err(NO_SIMALIGN)),
        (Section::References, [a, t]) => (Subset::All, *a, *t),
        (Section::Levels | Section::SystemTypes, [s, a, t]) => (subset(s), *a, *t),
        _ => bail!("a {section:?} key {parts:?}"),
    };
    Ok(aspect(aspect_name).map(|aspect| Target {
        aspect,
        subset,
        test_set: test_set.to_string(),
    }))
}

/// A wide table's column `{aspect}_{test set}[_{half or system type}]` as a key.
fn column_target(section: Section, column: &str) -> anyhow::Result<Result<Target, &'static str>> {
    if section == Section::OperationSpecific {
        return Ok(Err(NO_SIMALIGN));
    }
    let aspect_name = ["structural_simplicity", "simplicity_gain", "simplicity"]
        .into_iter()
        .find(|a| column.starts_with(&format!("{a}_")))
        .with_context(|| format!("column {column}"))?;
    let rest = &column[aspect_name.len() + 1..];
    let parts: Vec<&str> = match rest.split_once('_') {
        Some((test_set, last)) => vec![last, aspect_name, test_set],
        None => vec![aspect_name, rest],
    };
    target(section, &parts)
}

/// The key inside `results_…[(…)][0]` that printed a four-column table.
fn source_key(source: &str) -> anyhow::Result<Vec<String>> {
    let start = source.find("[(").context("a results key")? + 2;
    let end = source[start..].find(")]").context("a results key")? + start;
    Ok(source[start..end]
        .split(',')
        .map(|p| p.trim().trim_matches('\'').to_string())
        .collect())
}

/// A benchmark's rated outputs and its metrics' scores, indexed for joining.
struct Data {
    human: Csv,
    metrics: Csv,
}

impl Data {
    fn read(data: &DataDir, b: &Benchmark) -> anyhow::Result<Data> {
        Ok(Data {
            human: Csv::read(data, b.human_file)?,
            metrics: Csv::read(data, b.metrics_file)?,
        })
    }
}

fn correlate(
    data: &Data,
    benchmark: &Benchmark,
    target: &Target,
    metrics: &[String],
) -> anyhow::Result<Vec<DaCorrelation>> {
    let human = data.human.numbers(benchmark.human_column)?;
    let ids = data.human.column("sent_id")?;
    let systems = data.human.column("sys_name")?;
    let rows: Vec<usize> = match &target.subset {
        Subset::All => (0..data.human.rows).collect(),
        Subset::Low => quality_halves(&human).0,
        Subset::High => quality_halves(&human).1,
        Subset::SystemType(t) => {
            let types = data.human.column("sys_type")?;
            (0..data.human.rows).filter(|&i| &types[i] == t).collect()
        }
    };
    let chosen: HashMap<(&str, &str), usize> = rows
        .iter()
        .map(|&i| ((ids[i].as_str(), systems[i].as_str()), i))
        .collect();
    // pandas' inner merge keeps the metrics file's order.
    let (m_ids, m_systems, m_sets) = (
        data.metrics.column("sent_id")?,
        data.metrics.column("sys_name")?,
        data.metrics.column("test_set")?,
    );
    let joined: Vec<(usize, usize)> = (0..data.metrics.rows)
        .filter(|&j| m_sets[j] == target.test_set)
        .filter_map(|j| {
            chosen
                .get(&(m_ids[j].as_str(), m_systems[j].as_str()))
                .map(|&i| (i, j))
        })
        .collect();
    if joined.len() != rows.len() {
        bail!(
            "{target:?}: {} of {} rated outputs have metric scores",
            joined.len(),
            rows.len()
        );
    }
    let columns = metrics
        .iter()
        .map(|m| {
            let all = data.metrics.numbers(m)?;
            Ok((m.clone(), joined.iter().map(|&(_, j)| all[j]).collect()))
        })
        .collect::<anyhow::Result<Vec<(String, Vec<f64>)>>>()?;
    let human: Vec<f64> = joined.iter().map(|&(i, _)| human[i]).collect();
    Ok(direct_assessment_correlations(
        &human,
        &columns,
        &DaOptions::default(),
    )?)
}

/// The metrics gecbias computes as the notebook did (`2-metrics_computation.ipynb`: Moses tokens,
/// case kept; BLEU with `floor` smoothing and effective order, EASSE's SARI with deletion by
/// precision (`use_f1_for_deletion=False`), FKGL, iBLEU and
/// FKBLEU with α = 0.9, and the means of BLEU and SARI); BERTScore needs a neural model and SAMSA
/// TUPA's parses (issue 63), so neither is among them.
const OURS: [&str; 7] = [
    "bleu",
    "sari",
    "fkgl",
    "ibleu",
    "fkbleu",
    "amean_bleu_sari",
    "gmean_bleu_sari",
];

/// gecbias's scores of every rated output on every test set the metrics file has, laid out as
/// that file is: `sent_id`, `sys_name`, `test_set` and a column per metric of [`OURS`].
fn our_metrics(data: &DataDir, benchmark: &Benchmark, theirs: &Csv) -> anyhow::Result<Csv> {
    let preprocessing = Preprocessing::new(false, EasseTokenizer::Moses);
    let (bleu, ibleu) = (
        IBleu::new(1.0, preprocessing),
        IBleu::new(0.9, preprocessing),
    );
    let fkbleu = FkBleu::new(0.9, preprocessing)?;
    let fkgl = Fkgl::new(EasseTokenizer::Moses)?;
    let sets = study_sets(data)?;
    let human = Csv::read(data, benchmark.human_file)?;
    let outputs: HashMap<(&str, &str), &str> = human
        .column("sent_id")?
        .iter()
        .zip(human.column("sys_name")?)
        .zip(human.column("simp_sent")?)
        .map(|((id, system), output)| ((id.as_str(), system.as_str()), output.as_str()))
        .collect();
    let mut columns: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let (ids, systems, test_sets) = (
        theirs.column("sent_id")?,
        theirs.column("sys_name")?,
        theirs.column("test_set")?,
    );
    for row in 0..theirs.rows {
        let (id, system, set) = (&ids[row], &systems[row], &test_sets[row]);
        let (sources, references) = sets
            .get(set.as_str())
            .with_context(|| format!("test set {set}"))?;
        let k = id
            .parse::<usize>()?
            .checked_sub(1)
            .context("sentence ids count from 1")?;
        let output = outputs
            .get(&(id.as_str(), system.as_str()))
            .with_context(|| format!("{system} {id}"))?;
        let refs: Vec<&str> = references.iter().map(|r| r[k].as_str()).collect();
        let streams: Vec<Vec<String>> = refs.iter().map(|r| vec![(*r).to_owned()]).collect();
        let b = bleu.line(&sources[k], output, &refs);
        let sari = easse_corpus_sari(
            &[sources[k].clone()],
            &[(*output).to_owned()],
            &References::from_streams(&streams)?,
            EasseVariant::DeletionPrecision,
            preprocessing,
        )?
        .sari;
        let values = [
            b,
            sari,
            fkgl.corpus(&[(*output).to_owned()]),
            ibleu.line(&sources[k], output, &refs),
            fkbleu.line(&sources[k], output, &refs),
            (b + sari) / 2.0,
            (b * sari).sqrt(),
        ];
        for (name, value) in ["sent_id", "sys_name", "test_set"]
            .iter()
            .zip([id, system, set])
            .map(|(n, v)| (*n, v.clone()))
            .chain(OURS.iter().zip(values).map(|(n, v)| (*n, format!("{v:?}"))))
        {
            columns.entry(name.to_owned()).or_default().push(value);
        }
    }
    Ok(Csv {
        columns,
        rows: theirs.rows,
    })
}

/// `value` printed as pandas or `to_latex` printed `like`: as many decimals, and in Python's
/// exponent form where `like` has one.
fn printed_like(like: &str, value: Option<f64>) -> String {
    let Some(v) = value.filter(|v| !v.is_nan()) else {
        return "NaN".to_string();
    };
    match like.split_once('e') {
        Some((mantissa, _)) => {
            let digits = mantissa.split_once('.').map_or(0, |(_, d)| d.len());
            let s = format!("{v:.digits$e}");
            let (m, e) = s.split_once('e').expect("an exponent");
            let e: i32 = e.parse().expect("an exponent");
            format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
        }
        None => {
            let digits = like.split_once('.').map_or(0, |(_, d)| d.len());
            format!("{v:.digits$}")
        }
    }
}

/// One printed value against ours.
struct Compared {
    cell: usize,
    column: String,
    metric: String,
    printed: String,
    ours: Result<String, &'static str>,
}

struct Recomputer<'a> {
    data: HashMap<&'static str, Data>,
    cache: HashMap<(Target, Vec<String>), Vec<DaCorrelation>>,
    progress: &'a ProgressBar,
}

impl Recomputer<'_> {
    fn rows(&mut self, target: &Target, metrics: &[String]) -> anyhow::Result<&[DaCorrelation]> {
        let key = (target.clone(), metrics.to_vec());
        if !self.cache.contains_key(&key) {
            let benchmark = if target.aspect == SIMPLICITY_DA.aspect {
                &SIMPLICITY_DA
            } else {
                &STRUCTURAL
            };
            let rows = correlate(&self.data[target.aspect], benchmark, target, metrics)?;
            self.progress.inc(1);
            self.cache.insert(key.clone(), rows);
        }
        Ok(&self.cache[&key])
    }

    fn compare(&mut self, table: &StoredTable) -> anyhow::Result<Vec<Compared>> {
        let metrics: Vec<String> = table.rows.iter().map(|(m, _)| m.clone()).collect();
        let four_columns = !table.latex && table.columns == ["corr", "p_value", "is_winner"];
        let mut out = Vec::new();
        for (c, column) in table.columns.iter().enumerate() {
            let target = if four_columns {
                let key = source_key(&table.source)?;
                target(
                    table.section,
                    &key.iter().map(String::as_str).collect::<Vec<_>>(),
                )?
            } else {
                column_target(table.section, column)?
            };
            let rows = match &target {
                Ok(t) => Some(self.rows(t, &metrics)?.to_vec()),
                Err(_) => None,
            };
            for (metric, printed) in &table.rows {
                let printed = printed[c].clone();
                let ours = match (&rows, &target) {
                    (Some(rows), _) => {
                        let row = rows
                            .iter()
                            .find(|r| &r.metric == metric)
                            .expect("every metric is correlated");
                        Ok(match column.as_str() {
                            "p_value" => printed_like(&printed, Some(row.p_value)),
                            "is_winner" => if row.winner { "True" } else { "False" }.to_string(),
                            _ => printed_like(&printed, row.r),
                        })
                    }
                    (None, Err(why)) => Err(*why),
                    (None, Ok(_)) => unreachable!("rows exist for every target"),
                };
                out.push(Compared {
                    cell: table.cell,
                    column: column.clone(),
                    metric: metric.clone(),
                    printed,
                    ours,
                });
            }
        }
        Ok(out)
    }
}

/// One row per printed table: its cell, the expression that printed it, how many values, how
/// many identical, and how many cannot be recomputed and why.
fn summary(tables: &[StoredTable], compared: &[Compared]) -> String {
    let mut by_cell: BTreeMap<usize, (usize, usize, Option<&str>)> = BTreeMap::new();
    for c in compared {
        let e = by_cell.entry(c.cell).or_default();
        match &c.ours {
            Ok(ours) => {
                e.0 += 1;
                e.1 += usize::from(ours == &c.printed);
            }
            Err(why) => e.2 = Some(why),
        }
    }
    let mut summary = Table::text(&[
        "cell",
        "printed by",
        "values",
        "identical",
        "not recomputable",
    ]);
    for (cell, (n, same, why)) in &by_cell {
        let table = tables.iter().find(|t| t.cell == *cell).expect("a table");
        let printed_by = table.source.lines().last().unwrap_or("").trim();
        let left_out = compared
            .iter()
            .filter(|c| c.cell == *cell && c.ours.is_err())
            .count();
        summary.row([
            cell.to_string(),
            format!("`{}`", printed_by.replace('|', "\\|")),
            (n + left_out).to_string(),
            format!("{same} of {n}"),
            why.map_or(String::new(), |w| format!("{left_out}: {w}")),
        ]);
    }
    summary.markdown()
}

fn run(data: &DataDir, _inputs: &[String], progress: &ProgressBar) -> anyhow::Result<Report> {
    let notebook = std::fs::read_to_string(data.join(NOTEBOOK)).context("reading notebook 3")?;
    let tables = stored_tables(&notebook)?;
    let mut recomputer = Recomputer {
        data: HashMap::from([
            (SIMPLICITY_DA.aspect, Data::read(data, &SIMPLICITY_DA)?),
            (STRUCTURAL.aspect, Data::read(data, &STRUCTURAL)?),
        ]),
        cache: HashMap::new(),
        progress,
    };
    let mut compared = Vec::new();
    for table in &tables {
        compared.extend(recomputer.compare(table)?);
    }
    let mut md = String::new();
    writeln!(
        md,
        "The notebook's stored outputs hold {} correlation tables ({} printed values). Each value \
         is recomputed from the repository's `data/metrics_per_sentence/` scores and human \
         ratings (Pearson's r, its absolute value as the notebook reports it; scipy's p-value; \
         the Williams-test winners; quality halves cut in numpy's quicksort order, as pandas' \
         `sort_values` cut them) and printed in the notebook's own format.\n",
        tables.len(),
        compared.len()
    )?;
    md.push_str(&summary(&tables, &compared));
    let checked: Vec<&Compared> = compared.iter().filter(|c| c.ours.is_ok()).collect();
    let different: Vec<&&Compared> = checked
        .iter()
        .filter(|c| c.ours.as_deref() != Ok(c.printed.as_str()))
        .collect();
    writeln!(
        md,
        "\n**{} of {} recomputable values identical to the printed digits**; {} values cannot be \
         recomputed from the repository (reasons above).",
        checked.len() - different.len(),
        checked.len(),
        compared.len() - checked.len()
    )?;
    if !different.is_empty() {
        let mut t = Table::text(&["cell", "column", "metric", "printed", "recomputed"]);
        for c in &different {
            t.row([
                c.cell.to_string(),
                c.column.clone(),
                c.metric.clone(),
                c.printed.clone(),
                c.ours.clone().unwrap_or_default(),
            ]);
        }
        md.push_str("\nDifferences:\n\n");
        md.push_str(&t.markdown());
    }
    md.push_str(&ours_section(data, &tables, progress)?);
    let json = json!({
        "tables": tables.len(),
        "values": compared.len(),
        "recomputable": checked.len(),
        "identical": checked.len() - different.len(),
    });
    if !different.is_empty() {
        bail!(
            "{} recomputed values differ from notebook 3's printed ones:\n{md}",
            different.len()
        );
    }
    Ok(Report {
        markdown: md,
        json,
        figures: Vec::new(),
    })
}

/// Every LaTeX table the notebook printed and the repository can give, again from gecbias's own
/// scores of the metrics it has ([`OURS`]), beside the printed digits.
fn ours_section(
    data: &DataDir,
    tables: &[StoredTable],
    progress: &ProgressBar,
) -> anyhow::Result<String> {
    let mut ours = Recomputer {
        data: HashMap::new(),
        cache: HashMap::new(),
        progress,
    };
    for benchmark in [&SIMPLICITY_DA, &STRUCTURAL] {
        let theirs = Csv::read(data, benchmark.metrics_file)?;
        ours.data.insert(
            benchmark.aspect,
            Data {
                human: Csv::read(data, benchmark.human_file)?,
                metrics: our_metrics(data, benchmark, &theirs)?,
            },
        );
    }
    let mut md = String::from(
        "\n## From gecbias's own scores\n\nThe same correlations with every metric gecbias \
         computes as the notebook did (Moses tokens, case kept: BLEU, SARI, FKGL, iBLEU, FKBLEU, \
         the mean and geometric mean of BLEU and SARI), each printed table's digits beside ours. \
         BERTScore (a neural model) and SAMSA (TUPA's parses; gecbias's parser differs, issue 63) \
         are left out.\n",
    );
    let (mut values, mut equal) = (0, 0);
    let mut body = String::new();
    for table in tables.iter().filter(|t| t.latex) {
        let rows: Vec<(String, Vec<String>)> = table
            .rows
            .iter()
            .filter(|(m, _)| OURS.contains(&m.as_str()))
            .cloned()
            .collect();
        let filtered = StoredTable {
            cell: table.cell,
            section: table.section,
            source: table.source.clone(),
            latex: true,
            columns: table.columns.clone(),
            rows,
        };
        let compared = ours.compare(&filtered)?;
        if compared.iter().any(|c| c.ours.is_err()) {
            continue;
        }
        let mut header = vec!["metric".to_owned()];
        header.extend(table.columns.iter().map(|c| format!("{c}: printed / ours")));
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        let mut t = Table::text(&header);
        for (metric, _) in &filtered.rows {
            let mut row = vec![metric.clone()];
            for column in &table.columns {
                let c = compared
                    .iter()
                    .find(|c| &c.metric == metric && &c.column == column)
                    .context("a compared value")?;
                let ours = c.ours.clone().unwrap_or_default();
                values += 1;
                equal += usize::from(ours == c.printed);
                row.push(format!("{} / {ours}", c.printed));
            }
            t.row(row);
        }
        writeln!(
            body,
            "\nCell {} (`{}`):\n",
            table.cell,
            table.source.lines().last().unwrap_or("").trim()
        )?;
        body.push_str(&t.markdown());
    }
    writeln!(
        md,
        "\n**{equal} of {values} values from gecbias's own scores equal the printed digits.**"
    )?;
    Ok(md + &body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_print_as_pandas_printed_them() {
        assert_eq!(
            printed_like("2.413042e-64", Some(2.413_041_6e-64)),
            "2.413042e-64"
        );
        assert_eq!(
            printed_like("1.583272e-01", Some(0.158_327_2)),
            "1.583272e-01"
        );
        assert_eq!(printed_like("0.617", Some(0.617_463)), "0.617");
        assert_eq!(printed_like("0.000001", Some(1.2e-6)), "0.000001");
        assert_eq!(printed_like("NaN", None), "NaN");
    }

    #[test]
    fn columns_name_their_targets() {
        let t = column_target(Section::Levels, "structural_simplicity_hsplit_low")
            .unwrap()
            .unwrap();
        assert_eq!(
            (t.aspect, t.subset, t.test_set.as_str()),
            ("structural_simplicity", Subset::Low, "hsplit")
        );
        let t = column_target(Section::References, "simplicity_all")
            .unwrap()
            .unwrap();
        assert_eq!((t.subset, t.test_set.as_str()), (Subset::All, "all"));
        let t = column_target(Section::SystemTypes, "simplicity_asset_Semantics+PBMT")
            .unwrap()
            .unwrap();
        assert_eq!(t.subset, Subset::SystemType("Semantics+PBMT".into()));
        assert_eq!(
            column_target(Section::Levels, "simplicity_gain_turk_low").unwrap(),
            Err(NO_GAIN)
        );
        assert_eq!(
            source_key("results_x[('all', 'simplicity', 'asset')][0]").unwrap(),
            ["all", "simplicity", "asset"]
        );
    }
}

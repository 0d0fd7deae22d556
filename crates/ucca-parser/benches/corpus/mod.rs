//! The sentence passages of one part of the UCCA corpora, for the benches (`None` without data).

use gecbias_data::datasets::UccaSplit;
use ucca_graph::Passage;

pub(crate) fn sentences(split: UccaSplit, what: &str) -> Option<Vec<Passage>> {
    let data = gecbias_data::testing::data_or_skip(what)?;
    let files = split.files(&data).expect("the UCCA corpora");
    Some(
        files
            .iter()
            .flat_map(|f| {
                Passage::read(data.join(f))
                    .expect("a valid passage")
                    .sentences()
                    .expect("sentence passages")
            })
            .collect(),
    )
}

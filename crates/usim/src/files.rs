//! USim of UCCA XML files: one pair, or many pairs in parallel with each file read once.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::Error;
use crate::params::Params;
use crate::prepared::PreparedPassage;
use crate::score::usim;
use crate::text::PairUsim;

/// USim of the passage in the `output` XML file against the one in `source`, both orders.
pub fn usim_files(
    source: impl AsRef<Path>,
    output: impl AsRef<Path>,
    params: &Params,
) -> Result<PairUsim, Error> {
    let source = PreparedPassage::read(source.as_ref())?;
    let output = PreparedPassage::read(output.as_ref())?;
    Ok(both_ways(&source, &output, params))
}

fn both_ways(source: &PreparedPassage, output: &PreparedPassage, params: &Params) -> PairUsim {
    PairUsim {
        source_to_output: usim(source, output, params).usim,
        output_to_source: usim(output, source, params).usim,
    }
}

/// [`usim_files`] of every (source, output) pair, in order, computed in parallel (the values do
/// not depend on the thread count); a file named in several pairs is read once.
pub fn usim_file_pairs<P: AsRef<Path> + Sync>(
    pairs: &[(P, P)],
    params: &Params,
) -> Result<Vec<PairUsim>, Error> {
    let mut files: Vec<PathBuf> = pairs
        .iter()
        .flat_map(|(s, o)| [s.as_ref().to_path_buf(), o.as_ref().to_path_buf()])
        .collect();
    files.sort();
    files.dedup();
    let passages: HashMap<&Path, PreparedPassage> = files
        .par_iter()
        .map(|f| Ok((f.as_path(), PreparedPassage::read(f)?)))
        .collect::<Result<_, Error>>()?;
    Ok(pairs
        .par_iter()
        .map(|(s, o)| both_ways(&passages[s.as_ref()], &passages[o.as_ref()], params))
        .collect())
}

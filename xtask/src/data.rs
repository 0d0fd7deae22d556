//! `cargo xtask data`: where the data is, where it comes from, and whether it is the data the
//! goldens were computed on.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use gecbias_data::{Manifest, provenance};

use crate::harness;
use crate::workspace;

fn manifest_path() -> PathBuf {
    workspace::root().join("xtask/data-manifest.tsv")
}

pub(crate) fn run(data: Option<&Path>, write_manifest: bool) -> anyhow::Result<()> {
    println!("provenance:");
    for s in provenance::SOURCES {
        println!(
            "  {:<52} {}\n  {:<52} from {}",
            s.folder, s.what, "", s.origin
        );
    }
    let data = workspace::data_dir(data)?;
    println!(
        "\ndata directory: {} (found via {})",
        data.root().display(),
        data.origin()
    );

    if write_manifest {
        let mut files = Vec::new();
        for e in harness::ALL {
            files.extend(
                (e.inputs)(&data).with_context(|| format!("listing the inputs of {}", e.id))?,
            );
        }
        let manifest = Manifest::of_files(&data, files.iter().map(String::as_str))?;
        std::fs::write(manifest_path(), manifest.to_tsv()).context("writing the manifest")?;
        println!(
            "wrote {} ({} files)",
            manifest_path().display(),
            manifest.entries().len()
        );
        return Ok(());
    }

    let manifest = Manifest::read(manifest_path())?;
    let report = manifest.verify(&data);
    println!(
        "manifest {}: {} files, {} match, {} missing, {} changed",
        manifest_path().display(),
        manifest.entries().len(),
        report.matching,
        report.missing.len(),
        report.changed.len()
    );
    for path in &report.missing {
        println!("  missing: {path}");
    }
    for c in &report.changed {
        println!(
            "  changed: {} ({} bytes, recorded {})",
            c.expected.path, c.found.bytes, c.expected.bytes
        );
    }
    if !report.is_ok() {
        bail!("the data directory differs from the manifest; the goldens may not apply");
    }
    Ok(())
}

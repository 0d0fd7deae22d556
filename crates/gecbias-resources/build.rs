//! Writes `$OUT_DIR/embedded.rs`: for each resource of `src/table.rs`, its files as
//! `include_bytes!` when the `embed` feature is on and the repository's `models/` folder is
//! beside this crate, else `None`. The build reads the files once; the program never looks for
//! them again, wherever it is installed.

use std::fmt::Write as _;
use std::path::PathBuf;

include!("src/table.rs");

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/table.rs");
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let models = manifest.join("../../models");
    let embed = std::env::var_os("CARGO_FEATURE_EMBED").is_some();
    let mut code = String::from("[\n");
    for (folder, files) in TABLE {
        let paths: Vec<PathBuf> = files.iter().map(|f| models.join(folder).join(f)).collect();
        for path in &paths {
            println!("cargo:rerun-if-changed={}", path.display());
        }
        if embed && paths.iter().all(|p| p.is_file()) {
            code.push_str("    Some(&[\n");
            for (name, path) in files.iter().zip(&paths) {
                let path = path.canonicalize().unwrap_or_else(|_| path.clone());
                let _ = writeln!(code, "        ({name:?}, include_bytes!({:?})),", path);
            }
            code.push_str("    ]),\n");
        } else {
            code.push_str("    None,\n");
        }
    }
    code.push_str("]\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default()).join("embedded.rs");
    if let Err(e) = std::fs::write(&out, code) {
        panic!("writing {}: {e}", out.display());
    }
}

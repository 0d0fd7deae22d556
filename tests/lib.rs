//! Workspace-level integration tests live beside this file (`data_manifest.rs`); the library is
//! empty because Cargo needs a target to hang them on.

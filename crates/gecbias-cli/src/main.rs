//! The `gecbias` binary: [`gecbias_cli::run_command_line`] on the process's arguments.

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(gecbias_cli::run_command_line(std::env::args_os()))
}

//! The reference tools — m2scorer, `compute_gleu`, ERRANT's `compare_m2.py`, `SARI.py`, Koyama's
//! `gleu` package — run as
//! external programs (never copied: GPL), for `cargo xtask record` (the drop-in tests' expected
//! outputs) and `cargo xtask bench cli` (side-by-side timings). Where they are and how they run is
//! `../shared/reference-tools/README.md`: Python 2.7.18 through pyenv, numpy 1.16.6 and
//! scipy 1.2.3 for Python 2 in `target/py2lib`, ERRANT 3.0.2 in the venv `target/refvenv`; both
//! are installed on first use (the one step that needs the network), as is `gleu` 1.1.0 in
//! `target/metric-zoo-venv`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use anyhow::{Context, bail};

/// A reference tool, named by the `gecbias` subcommand that replaces it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tool {
    M2scorer,
    ErrantCompare,
    Gleu,
    Sari,
    /// SARI.py run under Python 2.7 (`gecbias sari --python2`).
    SariPython2,
    /// Koyama's `gleu` package: its `gleu`, or with `--level sentence|mean` (`gecbias
    /// koyama-gleu`'s flag) its `sgleu` or `mgleu` command.
    KoyamaGleu,
    /// CLEME's `main.py`, through `cleme_record.py` (stubs, no log lines, CLEME2.0's length
    /// weigher; see the script).
    Cleme,
}

impl Tool {
    /// The `gecbias` subcommand, which takes the same arguments.
    pub(crate) fn subcommand(self) -> &'static str {
        match self {
            Tool::M2scorer => "m2scorer",
            Tool::ErrantCompare => "errant-compare",
            Tool::Gleu => "gleu",
            Tool::Sari | Tool::SariPython2 => "sari",
            Tool::KoyamaGleu => "koyama-gleu",
            Tool::Cleme => "cleme",
        }
    }
}

/// Where the reference tools and their interpreters are.
pub(crate) struct ReferenceTools {
    dir: PathBuf,
    py2lib: PathBuf,
    venv: PathBuf,
    sari_driver: PathBuf,
}

fn succeeded(what: &str, mut command: Command) -> anyhow::Result<()> {
    let status = command
        .status()
        .with_context(|| format!("{what}: could not start"))?;
    if !status.success() {
        bail!("{what}: {status}");
    }
    Ok(())
}

impl ReferenceTools {
    /// The tools beside the data (`$GECBIAS_REFERENCE_TOOLS`, else `../shared/reference-tools`),
    /// with Python 2.7 and the tools' Python packages ready.
    pub(crate) fn prepare(root: &Path) -> anyhow::Result<ReferenceTools> {
        let dir = std::env::var_os("GECBIAS_REFERENCE_TOOLS")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join("../shared/reference-tools"));
        if !dir.join("m2scorer/scripts/m2scorer.py").is_file() {
            bail!(
                "{}: no reference tools there (set GECBIAS_REFERENCE_TOOLS)",
                dir.display()
            );
        }
        let target = root.join("target");
        let tools = ReferenceTools {
            dir,
            py2lib: target.join("py2lib"),
            venv: target.join("refvenv"),
            sari_driver: target.join("tmp/sari_driver.py"),
        };
        succeeded("python2.7 (pyenv 2.7.18)", {
            let mut c = python2();
            c.args(["-c", "pass"]);
            c
        })?;
        if !tools.py2lib.join("scipy").is_dir() {
            succeeded("pip install numpy, scipy for Python 2", {
                let mut c = python2();
                c.args(["-m", "pip", "install", "-q", "--target"])
                    .arg(&tools.py2lib)
                    .args(["numpy==1.16.6", "scipy==1.2.3"]);
                c
            })?;
        }
        if !tools.compare_m2().is_file() {
            succeeded("python3 -m venv", {
                let mut c = Command::new("python3");
                c.args(["-m", "venv"]).arg(&tools.venv);
                c
            })?;
            succeeded("pip install errant", {
                let mut c = Command::new(tools.venv.join("bin/python"));
                c.args(["-m", "pip", "install", "-q", "--no-deps", "errant==3.0.2"]);
                c
            })?;
        }
        std::fs::create_dir_all(target.join("tmp"))?;
        std::fs::write(&tools.sari_driver, include_str!("sari_driver.py"))?;
        Ok(tools)
    }

    /// `compare_m2.py` in the venv's `lib/python3.X/site-packages`.
    fn compare_m2(&self) -> PathBuf {
        let script = "site-packages/errant/commands/compare_m2.py";
        std::fs::read_dir(self.venv.join("lib"))
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path().join(script))
            .find(|p| p.is_file())
            .unwrap_or_else(|| self.venv.join("lib/python3/").join(script))
    }

    /// The command that runs `tool` with `args` (the same arguments as `gecbias <tool>`).
    pub(crate) fn command(&self, tool: Tool, args: &[String]) -> anyhow::Result<Command> {
        let mut command = match tool {
            Tool::KoyamaGleu => return Self::koyama_gleu(args),
            Tool::Cleme => {
                let script =
                    super::metric_zoo::script("cleme_record.py", include_str!("cleme_record.py"))?;
                let mut c = Command::new(super::metric_zoo::python()?);
                c.current_dir(self.dir.join("cleme")).arg(script);
                c
            }
            Tool::M2scorer => {
                let mut c = python2();
                c.arg(self.dir.join("m2scorer/scripts/m2scorer.py"));
                c
            }
            Tool::Gleu => {
                let scripts = self.dir.join("gec-ranking/scripts");
                let mut c = python2();
                c.env(
                    "PYTHONPATH",
                    format!("{}:{}", self.py2lib.display(), scripts.display()),
                )
                .arg(scripts.join("compute_gleu"));
                c
            }
            Tool::ErrantCompare => {
                let mut c = Command::new(self.venv.join("bin/python"));
                c.arg(self.compare_m2());
                c
            }
            Tool::Sari => {
                let mut c = Command::new("python3");
                c.arg(&self.sari_driver).arg(self.dir.join("sari"));
                c
            }
            Tool::SariPython2 => {
                let mut c = python2();
                c.arg(&self.sari_driver).arg(self.dir.join("sari"));
                c
            }
        };
        command.args(args);
        Ok(command)
    }

    /// The `gleu` package's command for `gecbias koyama-gleu`'s arguments: `--level sentence`
    /// and `--level mean` pick `sgleu` and `mgleu`, the other arguments pass through.
    fn koyama_gleu(args: &[String]) -> anyhow::Result<Command> {
        let bin = super::metric_zoo::python()?
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let level = args
            .iter()
            .position(|a| a == "--level")
            .map(|at| args[at + 1].as_str());
        let script = match level {
            Some("sentence") => "sgleu",
            Some("mean") => "mgleu",
            _ => "gleu",
        };
        let mut c = Command::new(bin.join(script));
        let mut skip = false;
        for a in args {
            if std::mem::take(&mut skip) {
                continue;
            }
            if a == "--level" {
                skip = true;
                continue;
            }
            c.arg(a);
        }
        Ok(c)
    }

    /// Runs `tool` with `args`; its standard output, or the error it printed.
    pub(crate) fn run(&self, tool: Tool, args: &[String]) -> anyhow::Result<Output> {
        let what = format!("{} {}", tool.subcommand(), args.join(" "));
        super::succeeded(self.command(tool, args)?, &what)
    }
}

/// CPython 2.7.18 through pyenv.
fn python2() -> Command {
    let mut c = Command::new("python2.7");
    c.env("PYENV_VERSION", "2.7.18");
    c
}

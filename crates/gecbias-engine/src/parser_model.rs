//! Which UCCA parser text is parsed with (a built-in model or a model file), and its name for
//! signatures.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use ucca_parser::{BuiltinModel, Parser};

use crate::Error;

/// A built-in model by name (`bilstm`, the default, or `perceptron`; their full names
/// `ucca-wiki-bilstm` and `ucca-wiki-v1.2` too), or a model file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParserModel {
    /// A model built into the program.
    Builtin(BuiltinModel),
    /// A model file (`cargo xtask train-parser` or `ensemble-parser` writes one).
    File(PathBuf),
}

impl FromStr for ParserModel {
    type Err = std::convert::Infallible;

    /// A built-in model's name wins over a file of that name in the current directory: give
    /// such a file as `./perceptron`.
    fn from_str(s: &str) -> Result<ParserModel, Self::Err> {
        Ok(match BuiltinModel::from_name(s) {
            Some(model) => ParserModel::Builtin(model),
            None => ParserModel::File(PathBuf::from(s)),
        })
    }
}

impl fmt::Display for ParserModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParserModel::Builtin(model) => f.write_str(model.short_name()),
            ParserModel::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// The parser `model` names (`None`: the default, the BiLSTM), with its name for signatures: the
/// built-in model's name (`ucca-wiki-bilstm`, `ucca-wiki-v1.2`), or `model-<payload checksum>`
/// for a file, including a built-in model's environment variable naming one; the message says
/// which file it tried.
pub fn parser(model: Option<&ParserModel>) -> Result<(Parser, String), Error> {
    let (parser, builtin) = match model {
        None => (Parser::default_model(), Some(BuiltinModel::DEFAULT)),
        Some(ParserModel::Builtin(which)) => (Parser::builtin(*which), Some(*which)),
        Some(ParserModel::File(path)) => (Parser::load(path), None),
    };
    let parser = parser.map_err(|source| Error::Parser { source })?;
    let name = match builtin {
        Some(which) if !which.is_overridden() => which.name().to_owned(),
        _ => format!("model-{}", parser.model().header.payload_checksum),
    };
    Ok((parser, name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_pick_built_in_models_and_anything_else_is_a_file() {
        let parse = |s: &str| s.parse::<ParserModel>().unwrap();
        assert_eq!(
            parse("perceptron"),
            ParserModel::Builtin(BuiltinModel::Perceptron)
        );
        assert_eq!(
            parse("ucca-wiki-v1.2"),
            ParserModel::Builtin(BuiltinModel::Perceptron)
        );
        assert_eq!(parse("bilstm"), ParserModel::Builtin(BuiltinModel::Bilstm));
        assert_eq!(
            parse("./perceptron"),
            ParserModel::File(PathBuf::from("./perceptron"))
        );
        assert_eq!(parse("perceptron").to_string(), "perceptron");
        assert_eq!(parse("m/model.bin").to_string(), "m/model.bin");
    }
}

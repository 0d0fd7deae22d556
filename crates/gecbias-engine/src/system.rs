//! The inputs every scorer reads: lines with the name messages give them, and named systems.

/// Lines of text (without line ends) and the name a message gives their origin: a file's path,
/// or a caller's label for lines held in memory (`sources`, `corrections[1]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lines {
    /// Where the lines come from, for messages (`FILE:LINE: …`).
    pub origin: String,
    /// The lines.
    pub lines: Vec<String>,
}

impl Lines {
    /// `lines`, named `origin` in messages.
    pub fn new(origin: impl Into<String>, lines: Vec<String>) -> Lines {
        Lines {
            origin: origin.into(),
            lines,
        }
    }
}

/// A system's output: its name in every report, and its lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct System {
    /// The name in every report.
    pub name: String,
    /// The output, one sentence per line.
    pub output: Lines,
}

impl System {
    /// A system called `name` whose messages name it too.
    pub fn new(name: impl Into<String>, lines: Vec<String>) -> System {
        let name = name.into();
        System {
            output: Lines::new(name.clone(), lines),
            name,
        }
    }

    /// A system called `name` whose output is `output` (messages name its origin).
    pub fn named(name: impl Into<String>, output: Lines) -> System {
        System {
            name: name.into(),
            output,
        }
    }
}

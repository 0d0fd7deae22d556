//! The crate's one error type.

/// What can go wrong finding SAMSA's parts in a passage.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The reference code's participant join reads past the end of a scene's entries (it raises
    /// `IndexError`; 32 of the 5,225 UCCA Wiki sentences have such a shape).
    #[error(
        "scene {scene}: the participants' minimal centres have a shape on which the reference \
         code raises IndexError"
    )]
    ParticipantCentres {
        /// The scene (0-based) whose entries were being joined.
        scene: usize,
    },
}

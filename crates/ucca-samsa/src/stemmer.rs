//! The Snowball English stemmer ("Porter2", Porter 2001) as NLTK 3's `SnowballStemmer('english')`
//! computes it, by which EASSE's word aligner matches words. NLTK keeps the regions R1 and R2 as
//! strings that each step shortens or extends by its own rules rather than as positions in the
//! word, so a region can stop being a suffix of the word (after "realization" → "realize" R2 is
//! empty, and step 5 keeps the "e" the published algorithm removes); this module keeps them the
//! same way, and NLTK's table of special words.

/// Words stemmed by table, before any step: (word, stem).
const SPECIAL: [(&str, &str); 40] = [
    ("andes", "andes"),
    ("atlas", "atlas"),
    ("bias", "bias"),
    ("canning", "canning"),
    ("cannings", "canning"),
    ("cosmos", "cosmos"),
    ("dying", "die"),
    ("early", "earli"),
    ("earring", "earring"),
    ("earrings", "earring"),
    ("exceed", "exceed"),
    ("exceeded", "exceed"),
    ("exceeding", "exceed"),
    ("exceeds", "exceed"),
    ("gently", "gentl"),
    ("herring", "herring"),
    ("herrings", "herring"),
    ("howe", "howe"),
    ("idly", "idl"),
    ("inning", "inning"),
    ("innings", "inning"),
    ("lying", "lie"),
    ("news", "news"),
    ("only", "onli"),
    ("outing", "outing"),
    ("outings", "outing"),
    ("proceed", "proceed"),
    ("proceeded", "proceed"),
    ("proceeding", "proceed"),
    ("proceeds", "proceed"),
    ("singly", "singl"),
    ("skies", "sky"),
    ("skis", "ski"),
    ("sky", "sky"),
    ("succeed", "succeed"),
    ("succeeded", "succeed"),
    ("succeeding", "succeed"),
    ("succeeds", "succeed"),
    ("tying", "tie"),
    ("ugly", "ugli"),
];

fn is_vowel(c: char) -> bool {
    matches!(c, 'a' | 'e' | 'i' | 'o' | 'u' | 'y')
}

/// The stem of `word` (lowercased).
pub fn snowball_english(word: &str) -> String {
    let word = word.to_lowercase();
    if word.chars().count() <= 2 {
        return word;
    }
    if let Some((_, stem)) = SPECIAL.iter().find(|(w, _)| *w == word) {
        return (*stem).to_owned();
    }
    let mut w: Vec<char> = word
        .chars()
        .map(|c| match c {
            '\u{2019}' | '\u{2018}' | '\u{201b}' => '\'',
            c => c,
        })
        .collect();
    if w.first() == Some(&'\'') {
        w.remove(0);
    }
    // y at the start or after a vowel is a consonant, Y (the vowel test sees earlier Ys).
    for i in 0..w.len() {
        if w[i] == 'y' && (i == 0 || is_vowel(w[i - 1])) {
            w[i] = 'Y';
        }
    }
    let mut s = Stem::new(w);
    s.step_0();
    s.step_1a();
    s.step_1b();
    s.step_1c();
    s.step_2();
    s.step_3();
    s.step_4();
    s.step_5();
    s.w.iter()
        .map(|&c| if c == 'Y' { 'y' } else { c })
        .collect()
}

/// The part of `w` after the first non-vowel that follows a vowel (from its second letter), or
/// nothing.
fn after_first_closed_syllable(w: &[char]) -> Vec<char> {
    (1..w.len())
        .find(|&i| !is_vowel(w[i]) && is_vowel(w[i - 1]))
        .map_or_else(Vec::new, |i| w[i + 1..].to_vec())
}

/// Python's `s[:-n]` (n ≥ 1): `s` without its last `n` characters, empty when it has no more.
fn cut(s: &mut Vec<char>, n: usize) {
    s.truncate(s.len().saturating_sub(n));
}

fn ends(s: &[char], suffix: &str) -> bool {
    let suffix: Vec<char> = suffix.chars().collect();
    s.ends_with(&suffix)
}

/// `s` with `suffix`'s length replaced by `by` where it is that long, else `short`.
fn replaced(s: &mut Vec<char>, suffix: &str, by: &str, short: &str) {
    let n = suffix.chars().count();
    if s.len() >= n {
        cut(s, n);
        s.extend(by.chars());
    } else {
        *s = short.chars().collect();
    }
}

/// `s` with its last character replaced by `c`, or empty where it has none.
fn last_replaced(s: &mut Vec<char>, c: char) {
    if s.pop().is_some() {
        s.push(c);
    }
}

/// The word and its two regions, each a string of its own.
struct Stem {
    w: Vec<char>,
    r1: Vec<char>,
    r2: Vec<char>,
}

impl Stem {
    fn new(w: Vec<char>) -> Stem {
        let starts = |prefix: &str| w.starts_with(&prefix.chars().collect::<Vec<_>>());
        let r1 = if starts("gener") || starts("arsen") {
            w[5..].to_vec()
        } else if starts("commun") {
            w[6..].to_vec()
        } else {
            after_first_closed_syllable(&w)
        };
        let r2 = after_first_closed_syllable(&r1);
        Stem { w, r1, r2 }
    }

    /// The first of `suffixes` (in NLTK's order) the word ends with.
    fn first_suffix<'a>(&self, suffixes: &[&'a str]) -> Option<&'a str> {
        suffixes.iter().copied().find(|s| ends(&self.w, s))
    }

    /// Removes `n` characters from the word and both regions.
    fn cut_all(&mut self, n: usize) {
        cut(&mut self.w, n);
        cut(&mut self.r1, n);
        cut(&mut self.r2, n);
    }

    /// Replaces `suffix` by `by` in the word and the regions (a region shorter than the suffix
    /// becoming `short1` or `short2`).
    fn replace_all(&mut self, suffix: &str, by: &str, (short1, short2): (&str, &str)) {
        replaced(&mut self.w, suffix, by, "");
        replaced(&mut self.r1, suffix, by, short1);
        replaced(&mut self.r2, suffix, by, short2);
    }

    fn step_0(&mut self) {
        if let Some(s) = self.first_suffix(&["'s'", "'s", "'"]) {
            self.cut_all(s.chars().count());
        }
    }

    fn step_1a(&mut self) {
        match self.first_suffix(&["sses", "ied", "ies", "us", "ss", "s"]) {
            Some("sses") => self.cut_all(2),
            Some("ied" | "ies") => self.cut_all(if self.w.len() - 3 > 1 { 2 } else { 1 }),
            Some("s") => {
                let before = &self.w[..self.w.len().saturating_sub(2)];
                if before.iter().any(|&c| is_vowel(c)) {
                    self.cut_all(1);
                }
            }
            _ => {}
        }
    }

    fn step_1b(&mut self) {
        let Some(s) = self.first_suffix(&["eedly", "ingly", "edly", "eed", "ing", "ed"]) else {
            return;
        };
        let n = s.chars().count();
        if matches!(s, "eed" | "eedly") {
            if ends(&self.r1, s) {
                self.replace_all(s, "ee", ("", ""));
            }
            return;
        }
        if !self.w[..self.w.len() - n].iter().any(|&c| is_vowel(c)) {
            return;
        }
        self.cut_all(n);
        if ["at", "bl", "iz"].iter().any(|e| ends(&self.w, e)) {
            self.w.push('e');
            self.r1.push('e');
            if self.w.len() > 5 || self.r1.len() >= 3 {
                self.r2.push('e');
            }
        } else if ["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"]
            .iter()
            .any(|d| ends(&self.w, d))
        {
            self.cut_all(1);
        } else if self.r1.is_empty() && self.ends_in_short_syllable() {
            self.w.push('e');
            if !self.r2.is_empty() {
                self.r2.push('e');
            }
        }
    }

    /// A vowel then a non-vowel other than w, x and Y after a non-vowel at the end, or a
    /// two-letter word of a vowel and a non-vowel.
    fn ends_in_short_syllable(&self) -> bool {
        let w = &self.w;
        match w.len() {
            2 => is_vowel(w[0]) && !is_vowel(w[1]),
            n if n >= 3 => {
                !is_vowel(w[n - 1])
                    && !matches!(w[n - 1], 'w' | 'x' | 'Y')
                    && is_vowel(w[n - 2])
                    && !is_vowel(w[n - 3])
            }
            _ => false,
        }
    }

    fn step_1c(&mut self) {
        let n = self.w.len();
        if n > 2 && matches!(self.w[n - 1], 'y' | 'Y') && !is_vowel(self.w[n - 2]) {
            self.w[n - 1] = 'i';
            last_replaced(&mut self.r1, 'i');
            last_replaced(&mut self.r2, 'i');
        }
    }

    fn step_2(&mut self) {
        const SUFFIXES: [&str; 24] = [
            "ization", "ational", "fulness", "ousness", "iveness", "tional", "biliti", "lessli",
            "entli", "ation", "alism", "aliti", "ousli", "iviti", "fulli", "enci", "anci", "abli",
            "izer", "ator", "alli", "bli", "ogi", "li",
        ];
        let Some(s) = self.first_suffix(&SUFFIXES) else {
            return;
        };
        if !ends(&self.r1, s) {
            return;
        }
        let before = |k: usize| self.w.len().checked_sub(k).map(|i| self.w[i]);
        match s {
            "tional" | "entli" | "fulli" | "lessli" => self.cut_all(2),
            "fulness" => self.cut_all(4),
            "enci" | "anci" | "abli" => {
                last_replaced(&mut self.w, 'e');
                last_replaced(&mut self.r1, 'e');
                last_replaced(&mut self.r2, 'e');
            }
            "izer" | "ization" => self.replace_all(s, "ize", ("", "")),
            "ational" | "ation" | "ator" => self.replace_all(s, "ate", ("", "e")),
            "alism" | "aliti" | "alli" => self.replace_all(s, "al", ("", "")),
            "ousli" | "ousness" => self.replace_all(s, "ous", ("", "")),
            "iveness" | "iviti" => self.replace_all(s, "ive", ("", "e")),
            "biliti" | "bli" => self.replace_all(s, "ble", ("", "")),
            "ogi" if before(4) == Some('l') => self.cut_all(1),
            "li" if before(3).is_some_and(|c| "cdeghkmnrt".contains(c)) => self.cut_all(2),
            _ => {}
        }
    }

    fn step_3(&mut self) {
        const SUFFIXES: [&str; 9] = [
            "ational", "tional", "alize", "icate", "iciti", "ative", "ical", "ness", "ful",
        ];
        let Some(s) = self.first_suffix(&SUFFIXES) else {
            return;
        };
        if !ends(&self.r1, s) {
            return;
        }
        match s {
            "tional" => self.cut_all(2),
            "ational" => self.replace_all(s, "ate", ("", "")),
            "alize" => self.cut_all(3),
            "icate" | "iciti" | "ical" => self.replace_all(s, "ic", ("", "")),
            "ful" | "ness" => self.cut_all(s.len()),
            "ative" if ends(&self.r2, s) => self.cut_all(5),
            _ => {}
        }
    }

    fn step_4(&mut self) {
        const SUFFIXES: [&str; 18] = [
            "ement", "ance", "ence", "able", "ible", "ment", "ant", "ent", "ism", "ate", "iti",
            "ous", "ive", "ize", "ion", "al", "er", "ic",
        ];
        let Some(s) = self.first_suffix(&SUFFIXES) else {
            return;
        };
        if !ends(&self.r2, s) {
            return;
        }
        if s != "ion" {
            self.cut_all(s.len());
        } else if let Some(i) = self.w.len().checked_sub(4)
            && matches!(self.w[i], 's' | 't')
        {
            self.cut_all(3);
        }
    }

    fn step_5(&mut self) {
        let w = &self.w;
        let from_end = |k: usize| w.len().checked_sub(k).map(|i| w[i]);
        // R2's "l" after another l, R2's "e", or R1's "e" but after a short syllable.
        let drop = if (ends(&self.r2, "l") && from_end(2) == Some('l')) || ends(&self.r2, "e") {
            true
        } else if ends(&self.r1, "e") && w.len() >= 4 {
            let (c2, c3, c4) = (w[w.len() - 2], w[w.len() - 3], w[w.len() - 4]);
            is_vowel(c2) || matches!(c2, 'w' | 'x' | 'Y') || !is_vowel(c3) || is_vowel(c4)
        } else {
            false
        };
        if drop {
            self.w.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::snowball_english;

    /// The examples of the algorithm's description (snowballstem.org), and NLTK's departures
    /// from it that this module keeps.
    #[test]
    fn the_descriptions_examples_and_nltks_departures() {
        for (word, stem) in [
            ("consign", "consign"),
            ("consigned", "consign"),
            ("consigning", "consign"),
            ("consignment", "consign"),
            ("consistently", "consist"),
            ("consolation", "consol"),
            ("knackeries", "knackeri"),
            ("knaves", "knave"),
            ("generously", "generous"),
            ("cried", "cri"),
            ("ties", "tie"),
            ("gaps", "gap"),
            ("gas", "gas"),
            ("Skies", "sky"),
            ("innings", "inning"),
            ("realization", "realize"),
            ("irrationally", "irrate"),
        ] {
            assert_eq!(snowball_english(word), stem, "{word}");
        }
    }
}

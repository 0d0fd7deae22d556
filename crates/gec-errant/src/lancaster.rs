//! The Lancaster (Paice/Husk) stemmer (Paice 1990, "Another stemmer"), as ERRANT uses it to
//! find derivational morphology: rules keyed by a word's last letter remove an ending and may
//! append a replacement, some only while the word is intact, some ending the stemming.

/// One rule: (ending, only while intact, letters removed, appended, whether stemming goes on).
type Rule = (&'static str, bool, usize, &'static str, bool);

/// Paice and Husk's rule table, in its published order (which decides among endings).
const RULES: [Rule; 115] = [
    ("ia", true, 2, "", false),
    ("a", true, 1, "", false),
    ("bb", false, 1, "", false),
    ("ytic", false, 3, "s", false),
    ("ic", false, 2, "", true),
    ("nc", false, 1, "t", true),
    ("dd", false, 1, "", false),
    ("ied", false, 3, "y", true),
    ("ceed", false, 2, "ss", false),
    ("eed", false, 1, "", false),
    ("ed", false, 2, "", true),
    ("hood", false, 4, "", true),
    ("e", false, 1, "", true),
    ("lief", false, 1, "v", false),
    ("if", false, 2, "", true),
    ("ing", false, 3, "", true),
    ("iag", false, 3, "y", false),
    ("ag", false, 2, "", true),
    ("gg", false, 1, "", false),
    ("th", true, 2, "", false),
    ("guish", false, 5, "ct", false),
    ("ish", false, 3, "", true),
    ("i", true, 1, "", false),
    ("i", false, 1, "y", true),
    ("ij", false, 1, "d", false),
    ("fuj", false, 1, "s", false),
    ("uj", false, 1, "d", false),
    ("oj", false, 1, "d", false),
    ("hej", false, 1, "r", false),
    ("verj", false, 1, "t", false),
    ("misj", false, 2, "t", false),
    ("nj", false, 1, "d", false),
    ("j", false, 1, "s", false),
    ("ifiabl", false, 6, "", false),
    ("iabl", false, 4, "y", false),
    ("abl", false, 3, "", true),
    ("ibl", false, 3, "", false),
    ("bil", false, 2, "l", true),
    ("cl", false, 1, "", false),
    ("iful", false, 4, "y", false),
    ("ful", false, 3, "", true),
    ("ul", false, 2, "", false),
    ("ial", false, 3, "", true),
    ("ual", false, 3, "", true),
    ("al", false, 2, "", true),
    ("ll", false, 1, "", false),
    ("ium", false, 3, "", false),
    ("um", true, 2, "", false),
    ("ism", false, 3, "", true),
    ("mm", false, 1, "", false),
    ("sion", false, 4, "j", true),
    ("xion", false, 4, "ct", false),
    ("ion", false, 3, "", true),
    ("ian", false, 3, "", true),
    ("an", false, 2, "", true),
    ("een", false, 0, "", false),
    ("en", false, 2, "", true),
    ("nn", false, 1, "", false),
    ("ship", false, 4, "", true),
    ("pp", false, 1, "", false),
    ("er", false, 2, "", true),
    ("ear", false, 0, "", false),
    ("ar", false, 2, "", false),
    ("or", false, 2, "", true),
    ("ur", false, 2, "", true),
    ("rr", false, 1, "", false),
    ("tr", false, 1, "", true),
    ("ier", false, 3, "y", true),
    ("ies", false, 3, "y", true),
    ("sis", false, 2, "", false),
    ("is", false, 2, "", true),
    ("ness", false, 4, "", true),
    ("ss", false, 0, "", false),
    ("ous", false, 3, "", true),
    ("us", true, 2, "", false),
    ("s", true, 1, "", true),
    ("s", false, 0, "", false),
    ("plicat", false, 4, "y", false),
    ("at", false, 2, "", true),
    ("ment", false, 4, "", true),
    ("ent", false, 3, "", true),
    ("ant", false, 3, "", true),
    ("ript", false, 2, "b", false),
    ("orpt", false, 2, "b", false),
    ("duct", false, 1, "", false),
    ("sumpt", false, 2, "", false),
    ("cept", false, 2, "iv", false),
    ("olut", false, 2, "v", false),
    ("sist", false, 0, "", false),
    ("ist", false, 3, "", true),
    ("tt", false, 1, "", false),
    ("iqu", false, 3, "", false),
    ("ogu", false, 1, "", false),
    ("siv", false, 3, "j", true),
    ("eiv", false, 0, "", false),
    ("iv", false, 2, "", true),
    ("bly", false, 1, "", true),
    ("ily", false, 3, "y", true),
    ("ply", false, 0, "", false),
    ("ly", false, 2, "", true),
    ("ogy", false, 1, "", false),
    ("phy", false, 1, "", false),
    ("omy", false, 1, "", false),
    ("opy", false, 1, "", false),
    ("ity", false, 3, "", true),
    ("ety", false, 3, "", true),
    ("lty", false, 2, "", false),
    ("istry", false, 5, "", false),
    ("ary", false, 3, "", true),
    ("ory", false, 3, "", true),
    ("ify", false, 3, "", false),
    ("ncy", false, 2, "t", true),
    ("acy", false, 3, "", true),
    ("iz", false, 2, "", true),
    ("yz", false, 1, "s", false),
];

/// The stem of `word` (lower-cased first). Stemming looks at the last letter of the word's
/// leading run of letters, tries that letter's rules in order, applies the first whose ending
/// matches and whose result stays acceptable (a vowel-initial stem keeps ≥ 2 letters, a
/// consonant-initial one ≥ 3 with a vowel — or `y` — among the second and third), and repeats
/// unless the rule ends stemming.
pub(crate) fn stem(word: &str) -> String {
    let intact: Vec<char> = word.to_lowercase().chars().collect();
    let mut word = intact.clone();
    while let Some(&last) = word.iter().take_while(|c| c.is_alphabetic()).last() {
        let mut applied = false;
        for &(ending, only_intact, remove, append, go_on) in
            RULES.iter().filter(|r| r.0.ends_with(last))
        {
            let ending: Vec<char> = ending.chars().collect();
            if !word.ends_with(&ending)
                || (only_intact && word != intact)
                || !acceptable(&word, remove)
            {
                continue;
            }
            word.truncate(word.len() - remove);
            word.extend(append.chars());
            applied = true;
            if !go_on {
                return word.into_iter().collect();
            }
            break;
        }
        if !applied {
            break;
        }
    }
    word.into_iter().collect()
}

fn acceptable(word: &[char], remove: usize) -> bool {
    let vowel = |c: char| "aeiouy".contains(c);
    let left = word.len().saturating_sub(remove);
    if word.len() < remove {
        return false;
    }
    if vowel(word[0]) {
        left >= 2
    } else {
        left >= 3 && (vowel(word[1]) || vowel(word[2]))
    }
}

#[cfg(test)]
mod tests {
    use super::stem;

    #[test]
    fn paice_husk_examples() {
        for (word, expected) in [
            ("maximum", "maxim"),
            ("presumably", "presum"),
            ("multiply", "multiply"),
            ("provision", "provid"),
            ("owed", "ow"),
            ("ear", "ear"),
            ("saying", "say"),
            ("crying", "cry"),
            ("string", "string"),
            ("meant", "meant"),
            ("cement", "cem"),
            ("happiness", "happy"),
            ("Generalisation", "gen"),
        ] {
            assert_eq!(stem(word), expected, "{word}");
        }
    }
}

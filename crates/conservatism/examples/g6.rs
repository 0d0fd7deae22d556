//! Local check (not part of the test suite).
use conservatism::{Splitter, compare_passages, read_passage};
use mono_align::WordEquivalence;
use mono_align::morphy::NounLemmatizer;
use mono_align::punkt::{PunktParameters, PunktSentenceTokenizer};
use mono_align::sentences::{preprocess_paragraph, preprocess_paragraph_minimal};
fn main() {
    let punkt = PunktSentenceTokenizer::new(PunktParameters::from_dir("/work/main/target/linguistic-data/punkt_tab/english".as_ref()).unwrap());
    let same = WordEquivalence::new(NounLemmatizer::from_dir("/usr/share/wordnet".as_ref()).unwrap());
    let base = "/work/shared/data/assess_learner_language/data/paragraphs/";
    let read = |f: &str| read_passage(&std::fs::read(format!("{base}{f}")).unwrap()).unwrap();
    let source = preprocess_paragraph(&read("conll.tok.orig"));
    let only: Vec<String> = std::env::args().skip(1).collect();
    for (name, file) in [("gold","corrected_official-2014.0.txt.comparable"),("cuui","CUUI"),("camb","CAMB"),("amu","AMU"),("RoRo","conll14st.output.1cleaned"),("jmgr","JMGR"),("Char","filtered_test.txt"),("rac","RAC"),("umc","UMC"),("sjtu","SJTU"),("iitb","IITB"),("ipn","IPN"),("nthu","NTHU"),("pku","PKU"),("post","POST"),("ufc","UFC")] {
        if !only.is_empty() && !only.iter().any(|o| o == name) { continue; }
        let t = std::time::Instant::now();
        let (out, how) = if name == "gold" { (preprocess_paragraph_minimal(&read(file)), Splitter::Lines) } else { (preprocess_paragraph(&read(file)), Splitter::Punkt) };
        match compare_passages(&source, &out, how, &punkt, &same) {
            Ok(p) => {
                let h = p.word_change_histogram();
                let ecdf = p.ecdf_subset();
                println!("| {name} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.4} | {} | {} |  ({:?})",
                    p.sentences.len(), h[0],h[1],h[2],h[3],h[4],h[5],h[6],h[7],h[8], p.above_thirty(), p.splits(), p.concatenations(), p.total_word_change(), p.changed_sentences(), p.mean_rho(), p.perfect_order(), ecdf.len(), t.elapsed());
                if name == "gold" {
                    let mut counts = [0usize; 12];
                    for s in &p.sentences { if s.word_change < 12 { counts[s.word_change] += 1; } }
                    println!("gold exact 0..11: {counts:?}");
                }
            }
            Err(e) => println!("{name}: ERROR {e}"),
        }
    }
}

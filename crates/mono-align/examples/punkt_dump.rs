//! Local check (not part of the test suite).
use std::io::BufRead;
fn main() {
    let dir = std::path::Path::new("/work/main/target/linguistic-data/punkt_tab/english");
    let tok = mono_align::punkt::PunktSentenceTokenizer::new(mono_align::punkt::PunktParameters::from_dir(dir).unwrap());
    let base = "/work/shared/data/assess_learner_language/data/paragraphs/";
    for f in ["conll.tok.orig","conll14st.output.1cleaned","filtered_test.txt","JMGR","AMU","CUUI","IITB","IPN","NTHU","PKU","POST","RAC","SJTU","UFC","UMC","CAMB"] {
        let file = std::fs::File::open(format!("{base}{f}")).unwrap();
        let mut text = String::new();
        for line in std::io::BufReader::new(file).split(b'\n').take(1400) {
            let mut l = String::from_utf8(line.unwrap()).unwrap();
            if l.ends_with('\r') { l.pop(); }
            text.push_str(&l); text.push('\n');
        }
        let pre = mono_align::sentences::preprocess_paragraph(&text);
        println!("FILE\t{f}\t{}", pre.len());
        for s in mono_align::sentences::sent_tokenize_default(&tok, &pre) {
            println!("S\t{}", s.replace('\n', "\\n"));
        }
    }
}

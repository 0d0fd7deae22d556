//! Fuzzes the UCCA XML reader: any input either fails with an error or gives a passage that
//! survives `write → read` unchanged. A panic, a hang or a changed passage is a finding.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ucca_graph::Passage;

fuzz_target!(|data: &[u8]| {
    if let Ok(passage) = Passage::from_xml(data) {
        let xml = passage.to_xml();
        let again = Passage::from_xml(xml.as_bytes()).expect("a written passage reads back");
        assert_eq!(again, passage, "round trip changed the passage");
    }
});

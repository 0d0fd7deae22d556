use ucca_graph::{Passage, UnitKind};
fn main() {
    let data = gecbias_data::DataDir::resolve_for_tests().unwrap();
    for f in ["usim_annotations/tree1197.xml", "usim_annotations/amittaic1301.xml"] {
        let p = Passage::read(&data.join(f)).unwrap();
        let kinds = |k| p.units().filter(|u| u.kind == k).count();
        println!("{f}: terms {} punct {} FN {} PNCT {} LKG {} implicit {} primary {} remote {}", p.terminal_count(), p.terminals().filter(|t| t.punctuation).count(), kinds(UnitKind::Foundational), kinds(UnitKind::Punctuation), kinds(UnitKind::Linkage), p.units().filter(|u| u.implicit).count(), p.primary_edges().count(), p.remote_edges().count());
        let ch = p.children(p.root());
        println!("root children {}: {:?}", ch.len(), ch.iter().take(8).map(|e| format!("{}:{}", e.edge.category, e.child)).collect::<Vec<_>>());
        let cats: std::collections::BTreeMap<String, usize> = ch.iter().fold(Default::default(), |mut m, e| { *m.entry(e.edge.category.to_string()).or_default() += 1; m });
        println!("{cats:?}");
        let first = ch[0].child;
        println!("first child yield {:?}", p.yield_of(first, ucca_graph::Remote::Exclude).iter().map(|t| p.terminal(t.number()).unwrap().text.clone()).collect::<Vec<_>>());
        println!("topo first {:?} len {}", &p.topological_order()[..3], p.topological_order().len());
    }
}

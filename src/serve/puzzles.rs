//! The puzzles shipped in `examples/puzzles/`, in the binary for the trainer (the
//! server reads no file).

/// The shipped puzzles: name and text.
pub const PUZZLES: &[(&str, &str)] = &[
    (
        "composed-1-01",
        include_str!("../../examples/puzzles/composed-1-01.lanrick"),
    ),
    (
        "composed-100-01",
        include_str!("../../examples/puzzles/composed-100-01.lanrick"),
    ),
    (
        "composed-101-01",
        include_str!("../../examples/puzzles/composed-101-01.lanrick"),
    ),
    (
        "composed-101-02",
        include_str!("../../examples/puzzles/composed-101-02.lanrick"),
    ),
    (
        "composed-102-01",
        include_str!("../../examples/puzzles/composed-102-01.lanrick"),
    ),
    (
        "composed-103-01",
        include_str!("../../examples/puzzles/composed-103-01.lanrick"),
    ),
    (
        "composed-103-02",
        include_str!("../../examples/puzzles/composed-103-02.lanrick"),
    ),
    (
        "composed-1879-401-01",
        include_str!("../../examples/puzzles/composed-1879-401-01.lanrick"),
    ),
    (
        "composed-1880-301-01",
        include_str!("../../examples/puzzles/composed-1880-301-01.lanrick"),
    ),
    (
        "composed-2-01",
        include_str!("../../examples/puzzles/composed-2-01.lanrick"),
    ),
    (
        "composed-2-02",
        include_str!("../../examples/puzzles/composed-2-02.lanrick"),
    ),
    (
        "composed-2-03",
        include_str!("../../examples/puzzles/composed-2-03.lanrick"),
    ),
    (
        "composed-2-04",
        include_str!("../../examples/puzzles/composed-2-04.lanrick"),
    ),
    (
        "composed-2-05",
        include_str!("../../examples/puzzles/composed-2-05.lanrick"),
    ),
    (
        "composed-3-01",
        include_str!("../../examples/puzzles/composed-3-01.lanrick"),
    ),
    (
        "composed-3-02",
        include_str!("../../examples/puzzles/composed-3-02.lanrick"),
    ),
    (
        "composed-3-03",
        include_str!("../../examples/puzzles/composed-3-03.lanrick"),
    ),
    (
        "composed-3-04",
        include_str!("../../examples/puzzles/composed-3-04.lanrick"),
    ),
    (
        "composed-3-05",
        include_str!("../../examples/puzzles/composed-3-05.lanrick"),
    ),
    (
        "composed-4-01",
        include_str!("../../examples/puzzles/composed-4-01.lanrick"),
    ),
    (
        "composed-4-02",
        include_str!("../../examples/puzzles/composed-4-02.lanrick"),
    ),
    (
        "composed-4-03",
        include_str!("../../examples/puzzles/composed-4-03.lanrick"),
    ),
    (
        "composed-4-04",
        include_str!("../../examples/puzzles/composed-4-04.lanrick"),
    ),
    (
        "composed-es-101-01",
        include_str!("../../examples/puzzles/composed-es-101-01.lanrick"),
    ),
    (
        "composed-es-101-02",
        include_str!("../../examples/puzzles/composed-es-101-02.lanrick"),
    ),
    (
        "composed-es-102-01",
        include_str!("../../examples/puzzles/composed-es-102-01.lanrick"),
    ),
    (
        "composed-help-201-01",
        include_str!("../../examples/puzzles/composed-help-201-01.lanrick"),
    ),
    (
        "in-3/composed-1880-303-01",
        include_str!("../../examples/puzzles/in-3/composed-1880-303-01.lanrick"),
    ),
    (
        "in-3/composed-1880-303-02",
        include_str!("../../examples/puzzles/in-3/composed-1880-303-02.lanrick"),
    ),
    (
        "in-3/composed-1880-303-03",
        include_str!("../../examples/puzzles/in-3/composed-1880-303-03.lanrick"),
    ),
    (
        "in-3/composed-1880-303-04",
        include_str!("../../examples/puzzles/in-3/composed-1880-303-04.lanrick"),
    ),
    (
        "in-3/composed-301-01",
        include_str!("../../examples/puzzles/in-3/composed-301-01.lanrick"),
    ),
    (
        "in-3/composed-301-02",
        include_str!("../../examples/puzzles/in-3/composed-301-02.lanrick"),
    ),
    (
        "in-3/composed-301-03",
        include_str!("../../examples/puzzles/in-3/composed-301-03.lanrick"),
    ),
    (
        "in-3/composed-301-04",
        include_str!("../../examples/puzzles/in-3/composed-301-04.lanrick"),
    ),
    (
        "in-3/composed-301-05",
        include_str!("../../examples/puzzles/in-3/composed-301-05.lanrick"),
    ),
    (
        "in-3/composed-301-06",
        include_str!("../../examples/puzzles/in-3/composed-301-06.lanrick"),
    ),
];

#[cfg(test)]
mod tests {
    #[test]
    fn every_shipped_puzzle_is_in_the_binary() {
        // The puzzles' folder and its `in-3/` folder, named as the trainer lists them.
        let mut on_disk: Vec<String> = Vec::new();
        for sub in ["", "in-3/"] {
            let dir = format!("{}/examples/puzzles/{sub}", env!("CARGO_MANIFEST_DIR"));
            for entry in std::fs::read_dir(&dir)
                .expect("the puzzles' folder")
                .flatten()
            {
                if let Some(name) = entry
                    .file_name()
                    .to_str()
                    .and_then(|n| n.strip_suffix(".lanrick"))
                {
                    on_disk.push(format!("{sub}{name}"));
                }
            }
        }
        on_disk.sort();
        let mut listed: Vec<String> = super::PUZZLES.iter().map(|(n, _)| n.to_string()).collect();
        listed.sort();
        assert_eq!(listed, on_disk);
    }
}

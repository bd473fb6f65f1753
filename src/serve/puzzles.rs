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
];

#[cfg(test)]
mod tests {
    #[test]
    fn every_shipped_puzzle_is_in_the_binary() {
        let mut on_disk: Vec<String> =
            std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/puzzles"))
                .expect("the puzzles' folder")
                .filter_map(|e| e.ok())
                .filter_map(|e| {
                    e.file_name()
                        .to_str()
                        .and_then(|n| n.strip_suffix(".lanrick"))
                        .map(str::to_string)
                })
                .collect();
        on_disk.sort();
        let listed: Vec<String> = super::PUZZLES.iter().map(|(n, _)| n.to_string()).collect();
        assert_eq!(listed, on_disk);
    }
}

use super::*;

#[test]
fn smoke() {
    for bad in [
        "passx",
        "pass x",
        "a7-b6x",
        "a",
        "(",
        ")",
        "12. zz",
        "B: x",
        "assert winner Q",
        "\n\n  [Event \"x\"] zz",
    ] {
        let e = parse_file(bad).unwrap_err();
        println!("{bad:?}: {e} {:?}", e.span);
    }
    for bad in [
        "Z wins",
        "Y wins foo",
        "Y wins game in",
        "Y wins game in 99999999999",
    ] {
        let e = parse_goal(bad).unwrap_err();
        println!("{bad:?}: {e} {:?}", e.span);
    }
}

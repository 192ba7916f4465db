//! Layout files: reading, writing and every error (notation-and-referee.md, "Layout file").

use admiral_engine::shared::SetupPosition;
use admiral_engine::*;

/// A complete, legal layout file in English codes.
const GOOD: &str = "\
PS TB TP MS SS DD MN PS TB TP MS SS FS PS
DD MN CR CR SS TB TP PS MS DD MN TB . AB
BB BB RD RD DD CS SS SS CR . . CR . .
CR CR DD MN TB TP MS PS . PS . MS . SM
. NB AC CV . . TB DD MN MS SS NB MN .
";

fn problems(text: &str) -> Vec<LayoutError> {
    Layout::parse(text).unwrap_err()
}

#[test]
fn a_complete_file_reads_and_writes_back() {
    let layout = Layout::parse(GOOD).expect("valid");
    assert!(layout.is_complete());
    for language in [Language::En, Language::Ru] {
        assert_eq!(Layout::parse(&layout.to_text(language)).unwrap(), layout, "{language:?}");
    }
}

#[test]
fn russian_codes_case_comments_bom_and_crlf_are_accepted() {
    let layout = Layout::parse(GOOD).unwrap();
    let russian = layout.to_text(Language::Ru).to_lowercase();
    let messy = format!("\u{feff}# my plan\r\n\r\n{}", russian.replace('\n', "  # row\r\n"));
    assert_eq!(Layout::parse(&messy).unwrap(), layout);
}

#[test]
fn the_first_line_is_the_front_row_from_the_owners_seat() {
    let layout = Layout::parse(GOOD).unwrap();
    // South: first token of the first line is a5; North: the same token lands on n11.
    assert_eq!(Layout::square(Side::South, 0, 0).to_string(), "a5");
    assert_eq!(Layout::square(Side::North, 0, 0).to_string(), "n11");
    assert_eq!(Layout::square(Side::North, 4, 13).to_string(), "a15");
    let mut position = Position::empty(Side::South);
    layout.place(Side::North, &mut position);
    assert_eq!(
        position.piece_at("n11".parse().unwrap()),
        Some(Piece::new(Side::North, UnitKind::PatrolShip))
    );
    assert_eq!(Layout::from_position(Side::North, &position), layout);
}

#[test]
fn an_unknown_code_is_named_with_line_and_column() {
    let text = GOOD.replacen("RD RD", "RD XX", 1);
    let errors = problems(&text);
    assert_eq!(
        errors[0],
        LayoutError { line: Some(3), column: Some(4), problem: LayoutProblem::UnknownCode("XX".into()) }
    );
    assert!(errors[0].to_string().starts_with("line 3, column 4: `XX` is not a unit code"));
}

/// A token of a thousand characters is quoted as typed, shortened with "…" (issue #31: an
/// error message repeats what the player wrote, never a wall of it).
#[test]
fn a_long_unknown_token_is_quoted_shortened() {
    let long = "Z".repeat(1_000);
    let text = GOOD.replacen("RD RD", &format!("RD {long}"), 1);
    let errors = problems(&text);
    let LayoutProblem::UnknownCode(quoted) = &errors[0].problem else { panic!("{:?}", errors[0]) };
    assert!(quoted.starts_with("ZZZZ") && quoted.ends_with('…') && quoted.chars().count() <= 17, "{quoted}");
    assert!(errors[0].to_string().chars().count() < 200, "{}", errors[0]);
    let stratego = admiral_engine::stratego::Layout::parse_partial(&long).unwrap_err();
    let text = admiral_engine::stratego::describe_errors(&stratego, Language::En);
    assert!(text.contains("ZZZZ…") && !text.contains(&long[..20]), "{text}");
}

#[test]
fn a_row_of_the_wrong_width_is_named() {
    let text = GOOD.replacen("BB BB RD", "BB RD", 1);
    let errors = problems(&text);
    assert!(errors.contains(&LayoutError {
        line: Some(3),
        column: None,
        problem: LayoutProblem::Width { found: 13 }
    }));
}

#[test]
fn the_wrong_number_of_rows_is_reported() {
    let text: String = GOOD.lines().take(4).map(|l| format!("{l}\n")).collect();
    let errors = problems(&text);
    assert!(errors.contains(&LayoutError {
        line: None,
        column: None,
        problem: LayoutProblem::Height { found: 4 }
    }));
}

#[test]
fn wrong_counts_name_the_unit_and_the_expected_number() {
    let text = GOOD.replacen("SM", "CR", 1);
    let errors = problems(&text);
    assert!(errors.contains(&LayoutError {
        line: None,
        column: None,
        problem: LayoutProblem::Count { kind: UnitKind::Cruiser, found: 7, expected: 6 }
    }));
    assert!(errors.contains(&LayoutError {
        line: None,
        column: None,
        problem: LayoutProblem::Count { kind: UnitKind::StationaryMine, found: 0, expected: 1 }
    }));
    let message = describe_errors(&errors, Language::En);
    assert!(message.contains("CR (cruiser): 7 placed, expected 6 (1 too many)"), "{message}");
    assert!(message.contains("SM (stationary mine): 0 placed, expected 1 (1 missing)"), "{message}");
    let russian = describe_errors(&errors, Language::Ru);
    assert!(russian.contains("СМ (стационарная мина): расставлено 0, нужно 1 (не хватает 1)"), "{russian}");
}

#[test]
fn a_base_in_the_front_row_is_refused() {
    let mut lines: Vec<String> = GOOD.lines().map(String::from).collect();
    lines[0] = lines[0].replacen("PS", "NB", 1);
    lines[4] = lines[4].replacen("NB", "PS", 1);
    // Same counts, only the base moved to the front row.
    let errors = problems(&lines.join("\n"));
    assert_eq!(
        errors,
        [LayoutError { line: Some(1), column: Some(1), problem: LayoutProblem::Misplaced(BaseInFrontRow) }]
    );
}

#[test]
fn all_errors_are_reported_together() {
    let text = GOOD.replacen("PS TB", "NB ZZ", 1);
    let errors = problems(&text);
    assert!(errors.len() >= 4, "{errors:?}"); // base in front, unknown code, NB too many, PS/TB missing
}

#[test]
fn a_partial_layout_may_leave_units_out_but_not_exceed_counts() {
    let partial = ". . . . . . . . . . . . . .\n. . . . . . . . . . . . . .\n. . . . . . . . . . . . . .\n. . . . . . . . . . . . . .\n. NB . . . . . . . . . . . NB\n";
    let layout = Layout::parse_partial(partial).unwrap();
    assert_eq!(layout.missing().len(), 16);
    assert!(Layout::parse_partial(&partial.replacen('.', "NB", 1)).is_err());
}

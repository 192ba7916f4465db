//! A side's setup (its 5×14 zone as its owner sees it) and the layout file format (read, checked
//! and written by the shared [`Zone`]; here are Admiral's codes, header and problems).

use crate::admiral::square::{AdmiralBoard, COLS};
use crate::admiral::unit::{Language, UnitKind};
pub use crate::shared::layout::describe_errors;
use crate::shared::layout::{Misplacement, SetupKind, Zone};

/// Rows in a setup zone.
pub const ZONE_DEPTH: usize = 5;
/// Columns in a setup zone.
pub const ZONE_WIDTH: usize = COLS as usize;

/// A setup: the owner's zone as the owner sees it. `depth` 0 is the front row (row 5 for South,
/// row 11 for North); `file` 0 is the leftmost column from the owner's seat (`a` for South,
/// `n` for North). The same layout therefore works on either seat.
pub type Layout = Zone<UnitKind, ZONE_DEPTH, ZONE_WIDTH>;

impl SetupKind for UnitKind {
    type Board = AdmiralBoard;
    type Misplacement = BaseInFrontRow;
    type Numbering = ();

    fn numbering(_: &[&str]) {}

    fn read_code(token: &str, _: ()) -> Option<UnitKind> {
        UnitKind::from_code(token)
    }

    fn game_name(language: Language) -> &'static str {
        language.pick("Admiral", "Адмирала")
    }

    fn header_codes(language: Language) -> &'static [&'static str] {
        language.pick(
            &[
                "# One code per square, '.' = empty. Codes (English or Russian):",
                "# CV BB CR RD DD PS TB CS MS SS AC TP MN SM FS AB NB",
            ],
            &[
                "# Один код на клетку, '.' — пусто. Коды (русские или английские):",
                "# А Л КР Р ЭС СТ ТК КРПЛ ТР ПЛ С Т М СМ БР АБ ВМБ",
            ],
        )
    }

    /// Russian codes run to four letters: the columns line up.
    fn code_width(language: Language) -> usize {
        language.pick(2, 4)
    }

    /// A naval base may not stand in the front row.
    fn misplaced(self, depth: usize) -> Option<BaseInFrontRow> {
        (depth == 0 && self == UnitKind::NavalBase).then_some(BaseInFrontRow)
    }

    fn not_a_code(language: Language) -> &'static str {
        language.pick(
            "is not a unit code (use . or one of CV BB CR RD DD PS TB CS MS SS AC TP MN SM FS AB NB)",
            "не код единицы (используйте . или А Л КР Р ЭС СТ ТК КРПЛ ТР ПЛ С Т М СМ БР АБ ВМБ)",
        )
    }

    const COUNT_SAYS_DIFFERENCE: bool = true;
}

/// One problem in a layout, located where possible.
pub type LayoutError = crate::shared::layout::LayoutError<LayoutProblem>;

/// What is wrong with a layout.
pub type LayoutProblem = crate::shared::layout::LayoutProblem<UnitKind>;

/// A naval base in the front row: the one row a unit may not stand in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BaseInFrontRow;

impl Misplacement for BaseInFrontRow {
    fn describe(&self, language: Language) -> String {
        language
            .pick(
                "a naval base may not stand in the front row",
                "военно-морская база не может стоять в переднем ряду",
            )
            .into()
    }
}

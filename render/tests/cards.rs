//! Cards render in both languages and the atlas and insignia are all distinct.

use admiral_engine::{Language, Layout, Side, UnitKind};
use admiral_render::samples::{decode_png_rgb, random_layout};
use admiral_render::*;

mod common;
use common::{check_golden, renderer};

fn rank(index: u8) -> RankInfo {
    RankInfo { index, name: "Rank".into(), progress: 0.5, progress_label: "1 / 2".into() }
}

fn profile(language: Language, rank_index: u8) -> ProfileCard {
    ProfileCard {
        language,
        name: "@player".into(),
        rank: rank(rank_index),
        stats: vec![("wins".into(), "3".into())],
        medals_label: "Medals".into(),
        medals: vec![AwardLine {
            emblem: 0,
            name: "Torpedo strike".into(),
            degree: 2,
            degree_label: "II".into(),
            progress: 0.4,
            progress_label: "4 / 10".into(),
        }],
        badges_label: "Badges".into(),
        badges: vec![AwardLine {
            emblem: 8,
            name: "Veteran".into(),
            degree: 0,
            degree_label: String::new(),
            progress: 0.1,
            progress_label: "1 / 10".into(),
        }],
    }
}

#[test]
fn each_of_the_19_ranks_has_its_own_insignia() {
    let r = renderer();
    let pictures: Vec<Vec<u8>> =
        (0..RANKS).map(|i| decode_png_rgb(&r.render_profile(&profile(Language::En, i))).2).collect();
    for i in 0..pictures.len() {
        for j in i + 1..pictures.len() {
            assert_ne!(pictures[i], pictures[j], "ranks {i} and {j} look the same");
        }
    }
}

#[test]
fn cards_render_in_both_languages() {
    let r = renderer();
    let mut dice = admiral_engine::Dice::new(4);
    let layout = random_layout(&mut dice);
    let mut last: Vec<Vec<u8>> = Vec::new();
    for language in [Language::En, Language::Ru] {
        let setup = r.render_setup(
            &layout,
            Side::North,
            &SetupLabels { language, title: "T".into(), subtitle: "S".into() },
        );
        let partial = r.render_setup(
            &Layout::empty(),
            Side::South,
            &SetupLabels { language, title: "T".into(), subtitle: "S".into() },
        );
        let atlas = r.render_atlas(&AtlasLabels::basic(language, "Atlas"));
        let mut battle = BattleCard {
            language,
            title: "Battle".into(),
            attacker: BattleSide {
                side: Side::South,
                label: "A".into(),
                units: vec![UnitKind::Cruiser, UnitKind::Cruiser],
                strength: Some(18),
                won: true,
            },
            defender: BattleSide {
                side: Side::North,
                label: "D".into(),
                units: vec![UnitKind::Battleship],
                strength: Some(15),
                won: false,
            },
            result: "R".into(),
            destroyed_label: "Destroyed".into(),
            nothing_label: "nothing".into(),
            destroyed: vec![(Side::North, UnitKind::Battleship)],
            strength_label: "strength".into(),
        };
        let battle_png = r.render_battle_card(&battle);
        battle.fill_from_events(&[]);
        let game_over = r.render_game_over(&GameOverCard {
            language,
            viewer: Side::South,
            winner: None,
            headline: "Draw".into(),
            reason: "200 quiet plies".into(),
            lines: vec![("Fleet kept".into(), "50".into())],
            total: ("Points".into(), "+25".into()),
            rank: rank(3),
            awards_label: "New awards".into(),
            new_awards: vec![],
        });
        let all = vec![setup, partial, atlas, battle_png, game_over];
        for png in &all {
            let (w, h, _) = decode_png_rgb(png);
            assert!(w >= 600 && h >= 300, "a card of {w}×{h}");
        }
        if !last.is_empty() {
            // Unit codes and names follow the language.
            assert_ne!(last[0], all[0]);
            assert_ne!(last[2], all[2]);
        }
        last = all;
    }
}

fn battle_card(language: Language) -> BattleCard {
    let ru = language == Language::Ru;
    BattleCard {
        language,
        title: if ru { "Бой на h7".into() } else { "Battle at h7".into() },
        attacker: BattleSide {
            side: Side::South,
            label: if ru { "Атакует · вы".into() } else { "Attacker · you".into() },
            units: vec![UnitKind::Cruiser, UnitKind::Cruiser, UnitKind::Cruiser],
            strength: Some(20),
            won: true,
        },
        defender: BattleSide {
            side: Side::North,
            label: if ru {
                "Защищается · @ушаков".into()
            } else {
                "Defender · @ushakov".into()
            },
            units: vec![UnitKind::Battleship],
            strength: Some(15),
            won: false,
        },
        result: if ru {
            "Победа атакующего: 20 против 15".into()
        } else {
            "The attacker wins, 20 against 15".into()
        },
        destroyed_label: if ru { "Уничтожены".into() } else { "Destroyed".into() },
        nothing_label: if ru { "никто".into() } else { "nothing".into() },
        destroyed: vec![(Side::North, UnitKind::Battleship)],
        strength_label: if ru { "сила".into() } else { "strength".into() },
    }
}

#[test]
fn golden_cards_in_both_languages() {
    let r = renderer();
    for (language, tag) in [(Language::En, "en"), (Language::Ru, "ru")] {
        check_golden(&format!("battle_{tag}"), &r.render_battle_card(&battle_card(language)));
        let mut card = profile(language, 12);
        if language == Language::Ru {
            card.name = "@ушаков".into();
            card.rank.name = "Капитан 3 ранга".into();
            card.medals[0].name = "Торпедный удар".into();
            card.badges[0].name = "Ветеран".into();
        }
        check_golden(&format!("profile_{tag}"), &r.render_profile(&card));
        let seat = if language == Language::Ru { Side::North } else { Side::South };
        let layout = golden_layout();
        let labels = SetupLabels { language, title: "Fleet".into(), subtitle: "Front row at the top".into() };
        check_golden(&format!("setup_{tag}"), &r.render_setup(&layout, seat, &labels));
    }
}

/// A stored layout (the engine's auto-placement once), so the reference does not follow
/// changes in the planner.
fn golden_layout() -> Layout {
    let path = common::golden_dir().join("setup_layout.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some() || !path.exists() {
        let layout = admiral_engine::auto_layout(11, admiral_engine::Style::Balanced);
        std::fs::write(&path, layout.grid_text(Language::En)).expect("write layout");
        return layout;
    }
    Layout::parse(&std::fs::read_to_string(&path).expect("read layout")).expect("a layout")
}

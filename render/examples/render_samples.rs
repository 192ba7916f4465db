//! Writes one of every picture, for both seats and both languages, into a directory, and ends
//! with one line of figures measured on a mid-game position:
//!
//! `cargo run --release -p admiral-render --example render_samples -- --out DIR`

use std::path::PathBuf;
use std::time::Instant;

use admiral_engine::{Event, Language, Side};
use admiral_render::samples::{long_replay, preview_png, SampleGame};
use admiral_render::*;

mod common;
use common::median_ms;

const RANKS_EN: [&str; 19] = [
    "Seaman",
    "Senior Seaman",
    "Petty Officer 2nd Class",
    "Petty Officer 1st Class",
    "Chief Petty Officer",
    "Master Chief Petty Officer",
    "Warrant Officer",
    "Senior Warrant Officer",
    "Ensign",
    "Sub-Lieutenant",
    "Lieutenant",
    "Lieutenant Commander",
    "Commander",
    "Captain 2nd Rank",
    "Captain",
    "Rear Admiral",
    "Vice Admiral",
    "Admiral",
    "Fleet Admiral",
];
const RANKS_RU: [&str; 19] = [
    "Матрос",
    "Старший матрос",
    "Старшина 2 статьи",
    "Старшина 1 статьи",
    "Главный старшина",
    "Главный корабельный старшина",
    "Мичман",
    "Старший мичман",
    "Младший лейтенант",
    "Лейтенант",
    "Старший лейтенант",
    "Капитан-лейтенант",
    "Капитан 3 ранга",
    "Капитан 2 ранга",
    "Капитан 1 ранга",
    "Контр-адмирал",
    "Вице-адмирал",
    "Адмирал",
    "Адмирал флота",
];
const POINTS: [u32; 19] = [
    0, 100, 250, 500, 800, 1200, 1700, 2300, 3000, 3800, 4700, 5700, 6800, 8000, 9500, 11000, 13000, 15500,
    18500,
];
const AWARDS_EN: [&str; 12] = [
    "Torpedo strike",
    "Submariner",
    "Naval aviation",
    "Mine warfare",
    "Atomic strike",
    "Base raider",
    "Base defender",
    "Squadron",
    "Veteran",
    "Victor",
    "Tonnage",
    "Admiral's match",
];
const AWARDS_RU: [&str; 12] = [
    "Торпедный удар",
    "Подводник",
    "Морская авиация",
    "Минная война",
    "Атомный удар",
    "Рейдер баз",
    "Защитник баз",
    "Эскадра",
    "Ветеран",
    "Победитель",
    "Тоннаж",
    "Матч адмирала",
];

/// The sample profile's awards in emblem order (the first `MEDALS` are medals, the rest
/// badges): each one's degree, and its progress to the next degree (`HAVE` of `NEXT`).
const DEGREES: [u8; 12] = [2, 3, 2, 0, 1, 2, 3, 2, 2, 2, 3, 0];
const HAVE: [u32; 12] = [23, 12, 31, 2, 131, 17, 4, 44, 67, 41, 31, 0];
const NEXT: [u32; 12] = [50, 25, 60, 3, 131, 40, 10, 120, 200, 100, 50, 1];
const MEDALS: usize = 8;

fn tr(language: Language, en: &str, ru: &str) -> String {
    match language {
        Language::En => en.to_string(),
        Language::Ru => ru.to_string(),
    }
}

fn tag(language: Language) -> &'static str {
    match language {
        Language::En => "en",
        Language::Ru => "ru",
    }
}

fn board_labels(language: Language, view: &admiral_engine::View) -> BoardLabels {
    let turn = view.ply / 2 + 1;
    let mine = view.to_move == view.viewer;
    BoardLabels {
        language,
        you: PlayerLabel {
            name: tr(language, "You", "Вы"), clock: Some(tr(language, "1d 04h", "1д 04ч"))
        },
        opponent: PlayerLabel {
            name: tr(language, "@nelson", "@ушаков"),
            clock: Some(tr(language, "23h 10m", "23ч 10м")),
        },
        status: if mine {
            tr(language, &format!("Turn {turn} · Your move"), &format!("Ход {turn} · ваш ход"))
        } else {
            tr(language, &format!("Turn {turn} · Their move"), &format!("Ход {turn} · ход соперника"))
        },
    }
}

fn rank(language: Language, points: u32) -> RankInfo {
    let index = POINTS.iter().rposition(|&p| p <= points).unwrap_or(0);
    let name = match language {
        Language::En => RANKS_EN[index],
        Language::Ru => RANKS_RU[index],
    }
    .to_string();
    let (progress, progress_label) = if index + 1 < POINTS.len() {
        let (lo, hi) = (POINTS[index], POINTS[index + 1]);
        let next = match language {
            Language::En => RANKS_EN[index + 1],
            Language::Ru => RANKS_RU[index + 1],
        };
        (
            (points - lo) as f32 / (hi - lo) as f32,
            tr(
                language,
                &format!("{points} / {hi} points to {next}"),
                &format!("{points} / {hi} очков до звания «{next}»"),
            ),
        )
    } else {
        (
            1.0,
            tr(
                language,
                &format!("{points} points · the highest rank"),
                &format!("{points} очков · высшее звание"),
            ),
        )
    };
    RankInfo { index: index as u8, name, progress, progress_label }
}

fn award(language: Language, emblem: u8, degree: u8, have: u32, next: u32) -> AwardLine {
    let names = match language {
        Language::En => AWARDS_EN,
        Language::Ru => AWARDS_RU,
    };
    AwardLine {
        emblem,
        name: names[emblem as usize].to_string(),
        degree,
        degree_label: ["", "I", "II", "III"][degree as usize].to_string(),
        progress: have as f32 / next as f32,
        progress_label: tr(
            language,
            &format!("{have} / {next} to the next degree"),
            &format!("{have} / {next} до следующей степени"),
        ),
    }
}

fn profile_card(language: Language) -> ProfileCard {
    let mut medals: Vec<AwardLine> =
        (0..DEGREES.len()).map(|i| award(language, i as u8, DEGREES[i], HAVE[i], NEXT[i])).collect();
    let badges = medals.split_off(MEDALS);
    ProfileCard {
        language,
        name: tr(language, "@nelson", "@ушаков"),
        rank: rank(language, 5_930),
        stats: vec![
            (tr(language, "wins", "побед"), "41".into()),
            (tr(language, "matches", "матчей"), "67".into()),
            (tr(language, "units sunk", "потоплено"), "1 204".into()),
            (tr(language, "tonnage", "тоннаж"), tr(language, "3.1 Mt", "3,1 млн т")),
        ],
        medals_label: tr(language, "Medals and orders", "Медали и ордена"),
        medals,
        badges_label: tr(language, "Qualification badges", "Знаки классности"),
        badges,
    }
}

fn main() {
    let mut out = PathBuf::from("render-samples");
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--out" {
            out = PathBuf::from(args.next().expect("--out DIR"));
        }
    }
    std::fs::create_dir_all(&out).expect("output directory");
    // Every PNG also as Discord shows it in a DM preview (about 400 px wide).
    let write = |name: &str, bytes: &[u8]| {
        std::fs::write(out.join(name), bytes).expect("write");
        if let Some(stem) = name.strip_suffix(".png") {
            std::fs::write(out.join(format!("{stem}.preview400.png")), preview_png(bytes, 400))
                .expect("write");
        }
    };
    let t = Instant::now();
    let r = Renderer::new();
    eprintln!("Renderer::new: {:.0} ms", t.elapsed().as_secs_f64() * 1000.0);

    // A mid-game position whose last turn has an attack.
    let game = SampleGame::random(7, 120);
    let mut ply = game.plies();
    while ply > 1 && !game.events[ply - 1].iter().any(|e| e.is_combat()) {
        ply -= 1;
    }
    for language in [Language::En, Language::Ru] {
        let l = tag(language);
        for seat in Side::BOTH {
            let view = game.view(seat, ply, true);
            let png = r.render_board(&view, &board_labels(language, &view));
            write(&format!("board_{seat}_{l}.png"), &png);
            let layout =
                admiral_engine::auto_layout(seat.index() as u64 + 3, admiral_engine::Style::Balanced);
            let labels = SetupLabels {
                language,
                title: tr(
                    language,
                    &format!("Your fleet · {}", if seat == Side::South { "South" } else { "North" }),
                    &format!("Ваш флот · {}", if seat == Side::South { "Юг" } else { "Север" }),
                ),
                subtitle: tr(
                    language,
                    "Front row at the top. Press Ready when the layout suits you.",
                    "Передний ряд сверху. Нажмите «Готов», когда расстановка устроит.",
                ),
            };
            let png = r.render_setup(&layout, seat, &labels);
            write(&format!("setup_{seat}_{l}.png"), &png);
            let won = seat == Side::South;
            let go = GameOverCard {
                language,
                viewer: seat,
                winner: Some(Side::South),
                headline: if won {
                    tr(language, "Victory", "Победа")
                } else {
                    tr(language, "Defeat", "Поражение")
                },
                reason: tr(
                    language,
                    "Both bases of North destroyed · move 87",
                    "Обе базы Севера уничтожены · ход 87",
                ),
                lines: vec![
                    (tr(language, "Fleet kept: 121 of 184", "Сохранено флота: 121 из 184"), "66".into()),
                    (tr(language, "Tonnage sunk: 131,460 t", "Потоплено: 131 460 т"), "131".into()),
                    (tr(language, "Both bases intact", "Обе базы целы"), "+50".into()),
                    (tr(language, "Win", "Победа"), "+100".into()),
                    (
                        tr(language, "Opponent: AI level 4 (×0.8)", "Соперник: ИИ, уровень 4 (×0,8)"),
                        "×0.8".into(),
                    ),
                ],
                total: (tr(language, "Points", "Очки"), "+277".into()),
                rank: rank(language, if won { 1_950 } else { 1_720 }),
                awards_label: tr(language, "New awards", "Новые награды"),
                new_awards: if won {
                    vec![
                        award(language, 0, 3, 1, 10),
                        award(language, 6, 3, 1, 10),
                        award(language, 9, 3, 5, 25),
                    ]
                } else {
                    vec![]
                },
            };
            let png = r.render_game_over(&go);
            write(&format!("gameover_{seat}_{l}.png"), &png);
        }
        // A battle card from the sample game's first battle of scale ships.
        // A battle card from the richest battle of formations found in sample games.
        let battle_events: Vec<Event> = (0..40)
            .flat_map(|seed| SampleGame::random(seed, 200).events)
            .filter_map(|ev| {
                let size = ev.iter().find_map(|e| match e {
                    Event::Battle { attackers, defenders, .. } => Some(attackers.len() + defenders.len()),
                    _ => None,
                })?;
                Some((size, ev))
            })
            .max_by_key(|(size, _)| *size)
            .map(|(_, ev)| ev)
            .unwrap_or_default();
        let mut card = BattleCard {
            language,
            title: tr(language, "Battle at f7", "Бой на f7"),
            attacker: BattleSide {
                side: Side::South,
                label: tr(language, "Attacker · You", "Атакует · вы"),
                units: vec![],
                strength: None,
                won: false,
            },
            defender: BattleSide {
                side: Side::North,
                label: tr(language, "Defender · @nelson", "Защищается · @нельсон"),
                units: vec![],
                strength: None,
                won: false,
            },
            result: String::new(),
            destroyed_label: tr(language, "Destroyed", "Уничтожены"),
            nothing_label: tr(language, "nothing", "никто"),
            destroyed: vec![],
            strength_label: tr(language, "strength", "сила"),
        };
        card.fill_from_events(&battle_events);
        let (a, d) = (card.attacker.strength.unwrap_or(0), card.defender.strength.unwrap_or(0));
        card.result = if a > d {
            tr(
                language,
                &format!("The attacker wins, {a} against {d}"),
                &format!("Победа атакующего: {a} против {d}"),
            )
        } else if d > a {
            tr(
                language,
                &format!("The defender holds, {d} against {a}"),
                &format!("Защита устояла: {d} против {a}"),
            )
        } else {
            tr(
                language,
                &format!("A draw at {a}: both groups sunk"),
                &format!("Равенство ({a}): погибли обе группы"),
            )
        };
        write(&format!("battle_{l}.png"), &r.render_battle_card(&card));
        let png = r.render_profile(&profile_card(language));
        write(&format!("profile_{l}.png"), &png);
        let ranks = RanksCard {
            language,
            title: tr(language, "Ranks", "Звания"),
            ranks: (0..19)
                .map(|i| {
                    let name = match language {
                        Language::En => RANKS_EN[i],
                        Language::Ru => RANKS_RU[i],
                    };
                    (
                        name.to_string(),
                        tr(language, &format!("{} points", POINTS[i]), &format!("{} очков", POINTS[i])),
                    )
                })
                .collect(),
            current: Some(11),
        };
        write(&format!("ranks_{l}.png"), &r.render_ranks(&ranks));
        let title = tr(language, "Admiral · the fleet", "Адмирал · состав флота");
        let mut atlas = AtlasLabels::basic(language, &title);
        atlas.footer = tr(
            language,
            "×N: units per fleet · N/21: strength on the battle scale",
            "×N: единиц во флоте · N/21: сила по шкале боя",
        );
        write(&format!("atlas_{l}.png"), &r.render_atlas(&atlas));
    }

    // Edge cases: the very start (no last turn), long names, an emoji, no clocks, intel off.
    let start = game.view(Side::North, 0, true);
    let labels = BoardLabels {
        language: Language::Ru,
        you: PlayerLabel {
            name: "Очень-очень длинное имя игрока 🚢 с эмодзи".into(), clock: None
        },
        opponent: PlayerLabel { name: "ИИ, уровень 5".into(), clock: None },
        status: "Ход 1 · ход соперника".into(),
    };
    write("board_start_north_ru.png", &r.render_board(&start, &labels));
    let blind = game.view(Side::South, ply, false);
    let labels = BoardLabels {
        language: Language::En,
        you: PlayerLabel { name: "You".into(), clock: Some("0:00".into()) },
        opponent: PlayerLabel {
            name: "@an_opponent_with_a_rather_long_discord_name".into(),
            clock: Some("2d 23h 59m".into()),
        },
        status: "Turn 61 · intel off · a long status line that must be shortened".into(),
    };
    write("board_intel_off_south_en.png", &r.render_board(&blind, &labels));

    // The marks of each kind of attack, from North's seat.
    type Pred = fn(&Event) -> bool;
    let marks: [(&str, Pred); 4] = [
        ("aircraft", |e| matches!(e, Event::Struck { weapon: admiral_engine::Weapon::Aircraft, .. })),
        ("torpedo", |e| matches!(e, Event::Struck { weapon: admiral_engine::Weapon::Torpedo, .. })),
        ("bomb", |e| matches!(e, Event::Detonated { .. })),
        (
            "formation",
            |e| matches!(e, Event::Battle { attackers, defenders, .. } if attackers.len() + defenders.len() > 2),
        ),
    ];
    for (name, wanted) in marks {
        'seeds: for seed in 0..100 {
            let g = SampleGame::random(seed, 200);
            for p in 20..g.plies() {
                if g.events[p].iter().any(wanted) {
                    let view = g.view(Side::North, p + 1, true);
                    let png = r.render_board(&view, &board_labels(Language::En, &view));
                    write(&format!("board_mark_{name}.png"), &png);
                    break 'seeds;
                }
            }
        }
    }

    // Figures over at least 30 renders of the mid-game position.
    let view = game.view(Side::South, ply, true);
    let labels = board_labels(Language::En, &view);
    let mut size = 0;
    let board_ms = median_ms(41, || size = r.render_board(&view, &labels).len());
    let profile = profile_card(Language::En);
    let profile_ms = median_ms(31, || {
        r.render_profile(&profile);
    });
    // The replay of a 500-ply game.
    let (frames, replay_labels) = long_replay("Replay end");
    let t = Instant::now();
    let gif = r.render_replay_gif(&frames, &replay_labels);
    let gif_ms = t.elapsed().as_secs_f64() * 1000.0;
    let gif_kib = gif.len() / 1024;
    write("replay_500.gif", &gif);
    eprintln!("replay: {} frames", frames.len());
    for language in [Language::En, Language::Ru] {
        let short = SampleGame::random(21, 60);
        let labels = ReplayLabels {
            language,
            seat: if language == Language::En { Side::South } else { Side::North },
            south: tr(language, "@nelson", "@нельсон"),
            north: tr(language, "@ushakov", "@ушаков"),
            ply_label: tr(language, "Move", "Ход"),
            result: tr(language, "End of the sample", "Конец примера"),
        };
        write(
            &format!("replay_{}.gif", tag(language)),
            &r.render_replay_gif(&short.replay_frames(), &labels),
        );
    }
    println!(
        "board_ms_median={board_ms:.2} board_kib={} profile_ms_median={profile_ms:.2} gif_ms={gif_ms:.0} gif_kib={gif_kib}",
        size / 1024
    );
}

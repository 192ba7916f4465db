//! Every rule of classic Stratego as `doc/stratego.md` decides it.

use crate::support::*;
use admiral_engine::shared::SetupPosition;
use admiral_engine::stratego::*;
use admiral_engine::Rules;
use admiral_engine::{Side, Status};

// --- The board ---------------------------------------------------------------------------

#[test]
fn the_board_has_two_lakes_no_piece_enters() {
    let p = pos("c4:CA g4:SC b5:MJ a10:fl", Side::South);
    assert!(refused(&p, "c4-c5").unwrap().contains("lake"));
    assert!(!actions(&p).iter().any(|a| a.ends_with("c5") || a.ends_with("g5")));
    assert!(refused(&p, "b5-c5").unwrap().contains("lake"));
    // A scout's run stops at a lake: g4 may not run up the g file.
    assert!(!actions(&p).iter().any(|a| a.starts_with("g4-g5") || a.starts_with("g4-g6")));
    assert!(Position::from_text(&p.to_text(), Side::South).unwrap() == p);
    assert!(p.to_text().lines().nth(5).unwrap().starts_with(". MJ ~ ~"), "{}", p.to_text());
}

#[test]
fn position_text_refuses_pieces_in_lakes_and_bad_tokens() {
    let mut rows = [". . . . . . . . . ."; 10];
    rows[5] = ". . MA . . . . . . .";
    assert!(matches!(
        Position::from_text(&rows.join("\n"), Side::South),
        Err(PositionTextError::Lake { .. })
    ));
    rows[5] = ". . . . . . . . . XX";
    assert!(matches!(
        Position::from_text(&rows.join("\n"), Side::South),
        Err(PositionTextError::Token { row: 5, column: 10, .. })
    ));
    rows[5] = ". . .";
    assert!(matches!(
        Position::from_text(&rows.join("\n"), Side::South),
        Err(PositionTextError::Columns { .. })
    ));
    assert!(matches!(Position::from_text("", Side::South), Err(PositionTextError::Rows(0))));
}

// --- Moving --------------------------------------------------------------------------------

#[test]
fn a_piece_moves_one_square_orthogonally_onto_an_empty_or_enemy_square() {
    let p = pos("e2:SG e3:SC d2:mi a10:fl", Side::South);
    let list: Vec<String> = actions(&p).into_iter().filter(|a| a.starts_with("e2")).collect();
    assert_eq!(list, ["e2-e1", "e2-f2", "e2xd2"]);
    assert!(matches!(Action::parse("e2-f3"), Err(ParseActionError::NotStraight(_))));
    assert!(refused(&p, "e2-e4").unwrap().contains("only a scout"));
    assert!(refused(&p, "e2-e3").unwrap().contains("own piece"));
    assert!(refused(&p, "d2-d3").unwrap().contains("not yours"));
    assert!(refused(&p, "h8-h7").unwrap().contains("no piece of yours"));
}

#[test]
fn bombs_and_the_flag_never_move() {
    let p = pos("e2:BO f2:FL g2:SG a10:fl", Side::South);
    assert!(refused(&p, "e2-e3").unwrap().contains("bomb never moves"));
    assert!(refused(&p, "f2-f3").unwrap().contains("flag never moves"));
    assert!(actions(&p).iter().all(|a| a.starts_with("g2")));
}

#[test]
fn a_scout_runs_any_number_of_empty_squares_and_may_attack_at_the_end() {
    let p = pos("a1:SC a7:sg a10:fl b1:FL", Side::South);
    let list: Vec<String> = actions(&p).into_iter().filter(|a| a.starts_with("a1")).collect();
    assert_eq!(list, ["a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-a6", "a1xa7"]);
    // It cannot jump over a piece, its own or the enemy's.
    assert!(refused(&p, "a1-a8").unwrap().contains("blocked"));
    let mut p = p;
    let events = play(&mut p, "a1xa7");
    assert!(
        matches!(events[0], Event::Attacked { attacker: Placed { rank: Rank::Scout, square }, .. } if square == sq("a1"))
    );
    assert_eq!(at(&p, "a7"), "sg", "the sergeant wins and stays");
    assert_eq!(at(&p, "a1"), ".");
}

#[test]
fn a_scout_attack_at_a_distance_can_win_and_then_occupies_the_square() {
    let mut p = pos("j1:SC j9:sp a10:fl a1:FL", Side::South);
    play(&mut p, "j1xj9");
    assert_eq!(at(&p, "j9"), "SC");
    assert_eq!(at(&p, "j1"), ".");
}

#[test]
fn typed_separators_are_lenient_and_the_record_is_canonical() {
    let mut game = Game::from_position(pos("e4:CA e5:lt a10:fl a1:FL", Side::South), true);
    game.play(&Action::parse("e4-e5").unwrap()).unwrap();
    assert_eq!(game.record().turns[0].to_string(), "e4xe5");
    let mut game = Game::from_position(pos("e4:CA a10:fl b10:sg a1:FL", Side::South), true);
    game.play(&Action::parse("e4xe5").unwrap()).unwrap();
    assert_eq!(game.record().turns[0].to_string(), "e4-e5");
    assert!(game
        .play(&Action::parse("a10-a9").unwrap())
        .unwrap_err()
        .to_string()
        .contains("flag never moves"));
}

// --- Attacks -------------------------------------------------------------------------------

#[test]
fn the_lower_rank_is_removed_and_a_winning_attacker_occupies_the_square() {
    let mut p = pos("e4:CA e5:lt a10:fl a1:FL", Side::South);
    let events = play(&mut p, "e4xe5");
    assert_eq!(at(&p, "e5"), "CA");
    assert_eq!(at(&p, "e4"), ".");
    assert!(events.contains(&Event::Destroyed {
        side: Side::North,
        rank: Rank::Lieutenant,
        square: sq("e5")
    }));
    assert!(matches!(events[0], Event::Attacked { winner: Some(Side::South), .. }));

    let mut p = pos("e4:LT e5:ca a10:fl a1:FL", Side::South);
    let events = play(&mut p, "e4xe5");
    assert_eq!(at(&p, "e5"), "ca", "a winning defender stays");
    assert_eq!(at(&p, "e4"), ".");
    assert!(matches!(events[0], Event::Attacked { winner: Some(Side::North), .. }));
}

#[test]
fn equal_ranks_are_both_removed() {
    let mut p = pos("e4:MJ e5:mj a10:fl a1:FL", Side::South);
    let events = play(&mut p, "e4xe5");
    assert_eq!((at(&p, "e4"), at(&p, "e5")), (".".into(), ".".into()));
    assert!(matches!(events[0], Event::Attacked { winner: None, .. }));
    assert_eq!(events.iter().filter(|e| matches!(e, Event::Destroyed { .. })).count(), 2);
}

#[test]
fn every_ranked_pair_follows_the_numbers() {
    let ranked = &Rank::ALL[..10];
    for &a in ranked {
        for &d in ranked {
            let expected = if a == Rank::Spy && d == Rank::Marshal {
                Some(true)
            } else if a == d {
                None
            } else {
                Some(a.number() > d.number())
            };
            assert_eq!(battle(a, d), expected, "{a} attacks {d}");
        }
    }
}

#[test]
fn a_bomb_removes_any_attacker_but_a_miner_and_stays() {
    for attacker in [Rank::Marshal, Rank::Scout, Rank::Spy, Rank::General] {
        let token = Piece::new(Side::South, attacker).token();
        let mut p = pos(&format!("e4:{token} e5:bo a10:fl a1:FL"), Side::South);
        play(&mut p, "e4xe5");
        assert_eq!(at(&p, "e5"), "bo", "{attacker}");
        assert_eq!(at(&p, "e4"), ".");
    }
    let mut p = pos("e4:MI e5:bo a10:fl a1:FL", Side::South);
    let events = play(&mut p, "e4xe5");
    assert_eq!(at(&p, "e5"), "MI", "the miner removes the bomb and takes its square");
    assert!(events.contains(&Event::Destroyed { side: Side::North, rank: Rank::Bomb, square: sq("e5") }));
}

#[test]
fn a_spy_that_attacks_the_marshal_wins_but_loses_to_any_attack() {
    let mut p = pos("e4:SP e5:ma a10:fl a1:FL", Side::South);
    play(&mut p, "e4xe5");
    assert_eq!(at(&p, "e5"), "SP");
    let mut p = pos("e4:SP e5:ma a10:fl a1:FL", Side::North);
    play(&mut p, "e5xe4");
    assert_eq!(at(&p, "e4"), "ma", "the marshal attacking the spy wins");
    let mut p = pos("e4:SP e5:sc a10:fl a1:FL", Side::North);
    play(&mut p, "e5xe4");
    assert_eq!(at(&p, "e4"), "sc", "even a scout beats the spy it attacks");
    let mut p = pos("e4:SP e5:sc a10:fl a1:FL", Side::South);
    play(&mut p, "e4xe5");
    assert_eq!(at(&p, "e5"), "sc", "a spy attacking anything but the marshal loses");
}

#[test]
fn attacking_the_flag_wins_the_game() {
    let mut p = pos("e4:SC e5:fl a1:FL j10:ma", Side::South);
    let events = play(&mut p, "e4xe5");
    let outcome = Outcome { status: Status::SouthWins, reason: EndReason::FlagCaptured };
    assert_eq!(p.outcome(), Some(outcome));
    assert_eq!(events.last(), Some(&Event::Ended { outcome }));
    assert!(p.legal_actions().is_empty());
    assert!(matches!(refused(&p, "e5-e6"), Some(m) if m.contains("over")));
}

// --- Endings -------------------------------------------------------------------------------

#[test]
fn a_player_who_cannot_move_loses() {
    let p = pos("a1:FL b1:BO j10:fl j9:sg", Side::South);
    assert_eq!(p.outcome(), Some(Outcome { status: Status::NorthWins, reason: EndReason::NoLegalMove }));
    // Boxed in by its own bombs counts too.
    let p = pos("a1:FL a2:BO b1:BO b2:BO j10:fl j9:sg", Side::South);
    assert_eq!(p.status(), Status::NorthWins);
    // The last mobile piece dying in an attack: the other side then cannot move.
    let mut game = Game::from_position(pos("e4:MA e5:sg a1:FL j10:fl", Side::South), true);
    let events = game.play(&Action::parse("e4xe5").unwrap()).unwrap();
    assert_eq!(game.outcome(), Some(Outcome { status: Status::SouthWins, reason: EndReason::NoLegalMove }));
    assert!(matches!(events.last(), Some(Event::Ended { .. })));
}

#[test]
fn the_two_square_rule_refuses_a_fourth_move_between_the_same_squares() {
    let mut p = pos("a2:SG j10:fl j1:FL j9:SC", Side::South);
    // North has only its flag: give it a mover that shuffles far away.
    p.put(sq("a10"), Piece::new(Side::North, Rank::Sergeant));
    let mut shuffle = ["a10-b10", "b10-b9", "b9-a9", "a9-a10"].into_iter().cycle();
    for m in ["a2-a3", "a3-a2", "a2-a3"] {
        play(&mut p, m);
        play(&mut p, shuffle.next().unwrap());
    }
    let message = refused(&p, "a3-a2").expect("fourth move refused");
    assert!(message.contains("two-square"), "{message}");
    assert!(!actions(&p).contains(&"a3-a2".to_string()));
    // Any other move is fine and starts the count again.
    play(&mut p, "a3-a4");
    play(&mut p, shuffle.next().unwrap());
    play(&mut p, "a4-a3");
    play(&mut p, shuffle.next().unwrap());
    assert!(refused(&p, "a3-a4").is_none());
}

#[test]
fn a_side_let_off_the_two_square_rule_is_noted_in_the_record_and_replays() {
    // North shuttles a9-a8 for good, let off the rule before every move as the arena lets off
    // an outside program written for the 2012 manager.
    let mut game = Game::from_position(pos("e2:SG a1:FL j10:fl a9:sg", Side::South), true);
    let south = ["e2-e3", "e3-f3", "f3-f2", "f2-e2"];
    for i in 0..8 {
        game.play(&Action::parse(south[i % 4]).unwrap()).unwrap();
        game.waive_repetition(Side::North);
        game.play(&Action::parse(["a9-a8", "a8-a9"][i % 2]).unwrap()).unwrap();
    }
    let json = serde_json::to_string(game.record()).unwrap();
    assert!(json.contains("\"waived\":[\"north\"]"), "{json}");
    let record: Record = serde_json::from_str(&json).unwrap();
    let replayed = Game::replay(&record).unwrap();
    assert_eq!(replayed.position(), game.position());
    assert_eq!(replayed.record(), game.record());
    // Without the note the same turns break the rule on North's fourth shuttle (turn 8).
    let bound = Record { waived: Vec::new(), ..record };
    assert!(
        matches!(Game::replay(&bound), Err(GameError::Replay { turn: 8, .. })),
        "{:?}",
        Game::replay(&bound).err()
    );
    // A match nobody was let off writes no such field.
    let mut plain = Game::from_position(pos("e2:SG a1:FL j10:fl a9:sg", Side::South), true);
    plain.play(&Action::parse("e2-e3").unwrap()).unwrap();
    assert!(!serde_json::to_string(plain.record()).unwrap().contains("waived"));
}

#[test]
fn an_attack_breaks_a_run_of_the_two_square_rule() {
    let mut r = Repetition::default();
    for (f, t) in [("a2", "a3"), ("a3", "a2"), ("a2", "a3")] {
        r.record_move(sq(f), sq(t));
    }
    assert!(r.forbids(sq("a3"), sq("a2")));
    assert!(!r.forbids(sq("a3"), sq("a4")));
    r.record_attack();
    assert!(!r.forbids(sq("a3"), sq("a2")));
}

#[test]
fn two_hundred_quiet_plies_draw_the_game() {
    let mut p = pos("a1:FL b1:SG j10:fl i10:sg", Side::South);
    let (south, north) = (["b1-b2", "b2-c2", "c2-c1", "c1-b1"], ["i10-i9", "i9-h9", "h9-h10", "h10-i10"]);
    for i in 0..100 {
        assert_eq!(p.status(), Status::Ongoing, "ply {}", 2 * i);
        play(&mut p, south[i % 4]);
        if i < 99 {
            play(&mut p, north[i % 4]);
        }
    }
    assert_eq!(p.quiet_plies(), 199);
    assert_eq!(p.status(), Status::Ongoing);
    let events = play(&mut p, north[99 % 4]);
    assert_eq!(p.outcome(), Some(Outcome { status: Status::Draw, reason: EndReason::QuietPlies }));
    assert!(matches!(events.last(), Some(Event::Ended { .. })));
    // An attack resets the count.
    let mut p = pos("a1:FL b1:SG b2:sc j10:fl", Side::South);
    p.set_quiet_plies(150);
    play(&mut p, "b1xb2");
    assert_eq!(p.quiet_plies(), 0);
}

// --- Setups ----------------------------------------------------------------------------------

#[test]
fn a_layout_has_the_whole_army_in_four_rows_and_works_on_either_seat() {
    let layout = Layout::parse(LAYOUT).unwrap();
    let game = Game::new(&layout, &layout, true).unwrap();
    let p = game.position();
    assert_eq!(p.pieces().count(), 80);
    assert_eq!(at(p, "a1"), "FL", "South's back row is the last line, left to right");
    assert_eq!(at(p, "j10"), "fl", "North sees the board turned round");
    assert_eq!(at(p, "a4"), "SC");
    assert_eq!(at(p, "j7"), "sc");
    for rank in Rank::ALL {
        assert_eq!(p.count(Side::South, rank), rank.army_count() as usize);
    }
    assert_eq!(Layout::parse(&layout.to_text(admiral_engine::Language::Ru)).unwrap(), layout);
    assert_eq!(Layout::parse(&layout.to_text(admiral_engine::Language::En)).unwrap(), layout);
}

#[test]
fn layouts_accept_modern_and_classic_numbers() {
    let modern = "2 4 2 5 2 2 6 2 5 2\n3 6 7 9 1 8 7 6 4 5\nB 3 8 10 3 4 5 6 7 3\nF B B 4 B 3 B 2 2 B\n";
    assert_eq!(Layout::parse(modern).unwrap(), Layout::parse(LAYOUT).unwrap());
    let classic = "9 7 9 6 9 9 5 9 6 9\n8 5 4 2 s 3 4 5 7 6\nB 8 3 1 8 7 6 5 4 8\nF B B 7 B 8 B 9 9 B\n";
    assert_eq!(Layout::parse(classic).unwrap(), Layout::parse(LAYOUT).unwrap());
}

#[test]
fn layout_errors_are_located_and_all_reported() {
    let bad = "# header\nSC SG SC LT SC SC CA SC LT XX\nMI CA MJ GE SP CO MJ CA SG\nBO MI CO MA MI SG LT CA MJ MI\nFL BO BO SG BO MI BO SC SC BO\n";
    let errors = Layout::parse(bad).unwrap_err();
    let text = describe_errors(&errors, admiral_engine::Language::En);
    assert!(text.contains("line 2, column 10: `XX`"), "{text}");
    assert!(text.contains("line 3: 9 squares in this row, expected 10"), "{text}");
    assert!(text.contains("SC (scout): 7 placed, expected 8"), "{text}");
    assert!(text.contains("LT (lieutenant): 3 placed, expected 4"), "{text}");
    let ru = describe_errors(&errors, admiral_engine::Language::Ru);
    assert!(ru.contains("строка 2, столбец 10"), "{ru}");
    assert!(Layout::parse("SC SC\n")
        .unwrap_err()
        .iter()
        .any(|e| e.problem == LayoutProblem::Height { found: 1 }));
}

#[test]
fn auto_placement_completes_partial_layouts_without_moving_placed_pieces() {
    let mut partial = Layout::empty();
    partial.set(0, 0, Some(Rank::Flag));
    partial.set(3, 9, Some(Rank::Marshal));
    let full = complete_layout(&partial, 3, admiral_engine::Style::Defensive).unwrap();
    assert!(full.validate().is_ok());
    assert_eq!(full.get(0, 0), Some(Rank::Flag));
    assert_eq!(full.get(3, 9), Some(Rank::Marshal));
    partial.set(1, 1, Some(Rank::Flag));
    assert!(complete_layout(&partial, 3, admiral_engine::Style::Balanced).is_err());
    // Plans put the flag at the back, most often with bombs beside it.
    let mut guarded = 0;
    for seed in 0..100 {
        let layout = auto_layout(seed, admiral_engine::Style::Balanced);
        let (d, f) = layout.cells().find(|(_, r)| *r == Some(Rank::Flag)).unwrap().0;
        assert!(d >= 2, "seed {seed}: flag at depth {d}");
        let neighbours = [(d.wrapping_sub(1), f), (d + 1, f), (d, f.wrapping_sub(1)), (d, f + 1)];
        if neighbours.iter().any(|&(d, f)| d < 4 && f < 10 && layout.get(d, f) == Some(Rank::Bomb)) {
            guarded += 1;
        }
    }
    assert!(guarded >= 95, "{guarded}");
}

// --- Views and records ------------------------------------------------------------------------

#[test]
fn views_hide_enemy_pieces_until_an_attack_reveals_them() {
    let layout = Layout::parse(LAYOUT).unwrap();
    let mut game = Game::new(&layout, &layout, true).unwrap();
    let view = game.view(Side::North);
    assert_eq!(view.cell(sq("a4")), Cell::Enemy { intel: None });
    assert_eq!(view.cell(sq("c5")), Cell::Lake);
    // A scout run reveals a scout.
    game.play(&Action::parse("a4-a6").unwrap()).unwrap();
    assert_eq!(game.view(Side::North).cell(sq("a6")), Cell::Enemy { intel: Some(Rank::Scout) });
    assert_eq!(game.view(Side::North).moved_markers, vec![sq("a6")]);
    let seen = &game.view(Side::North).last_turn[0];
    assert!(matches!(seen, Event::Moved { rank: None, .. }), "{seen:?}");
    // An attack reveals both pieces; the winner stays known.
    for m in ["j7-j6", "a6-b6", "j6-j5", "b6xb7"] {
        game.play(&Action::parse(m).unwrap()).unwrap();
    }
    assert_eq!(game.view(Side::South).cell(sq("b7")), Cell::Enemy { intel: Some(Rank::Lieutenant) });
    assert_eq!(game.view(Side::South).enemy_losses, [0; RANKS]);
    assert_eq!(game.view(Side::South).own_losses[Rank::Scout.index()], 1);
    let text = serde_json::to_value(game.view(Side::South)).unwrap()["cells"].as_str().unwrap().to_string();
    assert_eq!(text.lines().nth(3).unwrap().split(' ').nth(1), Some("?lt"), "{text}");
    assert!(text.lines().nth(4).unwrap().contains("~ ~"), "{text}");
}

#[test]
fn views_say_which_own_pieces_the_enemy_has_seen_and_how_enemy_pieces_behaved() {
    let start = pos("e4:MA h2:SC a1:FL e6:ca f7:sg h8:sc j10:fl", Side::South);
    let mut game = Game::from_position(start.clone(), true);
    for m in ["e4-e5", "h8-h7", "e5xe6"] {
        game.play(&Action::parse(m).unwrap()).unwrap();
    }
    // The marshal won its attack: North has seen it, and the captain is gone.
    assert_eq!(game.view(Side::South).exposed, vec![sq("e6")]);
    assert!(game.view(Side::North).exposed.is_empty());
    // North's sergeant steps next to the known marshal, then away from it.
    game.play(&Action::parse("f7-e7").unwrap()).unwrap();
    let approached = Conduct { square: sq("e7"), approached: Some(Rank::Marshal), fled: None };
    assert_eq!(game.view(Side::South).recollection.conduct, vec![approached]);
    for m in ["h2-h3", "e7-e8"] {
        game.play(&Action::parse(m).unwrap()).unwrap();
    }
    let both = Conduct { square: sq("e8"), approached: Some(Rank::Marshal), fled: Some(Rank::Marshal) };
    assert_eq!(game.view(Side::South).recollection.conduct, vec![both]);
    let json = serde_json::to_value(game.view(Side::South)).unwrap();
    assert_eq!(json["conduct"], serde_json::json!([{"square": "e8", "approached": "MA", "fled": "MA"}]));
    assert_eq!(json["exposed"], serde_json::json!(["e6"]));
    // North's scout moved, but never near a piece North has seen: no conduct; and North keeps
    // no conduct of South's pieces, none of its own being known to South.
    assert!(game.view(Side::North).recollection.conduct.is_empty());
    // The marshal moves on and stays known; the record is the same once replayed.
    game.play(&Action::parse("e6-f6").unwrap()).unwrap();
    assert_eq!(game.view(Side::South).exposed, vec![sq("f6")]);
    let replayed = Game::replay(game.record()).unwrap();
    assert_eq!(replayed.view(Side::South), game.view(Side::South));
    // Without intel a player remembers for themselves.
    let mut forgetful = Game::from_position(start, false);
    for m in ["e4-e5", "h8-h7", "e5xe6", "f7-e7"] {
        forgetful.play(&Action::parse(m).unwrap()).unwrap();
    }
    assert!(
        forgetful.view(Side::South).exposed.is_empty()
            && forgetful.view(Side::South).recollection.conduct.is_empty()
    );
    assert_eq!(forgetful.view_remembering(Side::South).exposed, vec![sq("e6")]);
}

#[test]
fn views_count_which_enemy_pieces_keep_moving() {
    let start = pos("a1:FL e2:CA b2:SC a10:fl e8:ma h8:sc j9:sg", Side::South);
    let mut game = Game::from_position(start, true);
    let restless = |game: &Game| game.view(Side::South).recollection.restless.clone();
    // North's marshal moves twice: not yet restless; the third move makes it so.
    for m in ["b2-b3", "e8-e7", "b3-b4", "e7-e6"] {
        game.play(&Action::parse(m).unwrap()).unwrap();
    }
    assert!(restless(&game).is_empty());
    for m in ["e2-e3", "e6-e5", "b4-b5"] {
        game.play(&Action::parse(m).unwrap()).unwrap();
    }
    assert_eq!(restless(&game), vec![sq("e5")]);
    let json = serde_json::to_value(game.view(Side::South)).unwrap();
    assert_eq!(json["restless"], serde_json::json!(["e5"]));
    // It strikes and wins: still restless on the square it took. North sees South's scout,
    // four moves, as restless, and no marshal of its own.
    game.play(&Action::parse("e5-e4").unwrap()).unwrap();
    game.play(&Action::parse("b5-b6").unwrap()).unwrap();
    game.play(&Action::parse("e4xe3").unwrap()).unwrap();
    assert_eq!(restless(&game), vec![sq("e3")]);
    assert_eq!(game.view(Side::North).recollection.restless, vec![sq("b6")]);
    // A view that lists none says nothing of it in JSON; a record replays to the same view.
    assert_eq!(Game::replay(game.record()).unwrap().view(Side::South), game.view(Side::South));
    let quiet = Game::from_position(pos("a1:FL e2:CA a10:fl e8:ma", Side::South), true);
    assert!(serde_json::to_value(quiet.view(Side::South)).unwrap().get("restless").is_none());
}

#[test]
fn records_replay_and_refuse_other_rulesets() {
    let layout = Layout::parse(LAYOUT).unwrap();
    let mut game = Game::new(&layout, &layout, false).unwrap();
    for m in ["a4-a6", "j7-j6", "a6xa7"] {
        game.play(&Action::parse(m).unwrap()).unwrap();
    }
    game.end_by(Side::North, EndReason::Resignation);
    let json = serde_json::to_string(game.record()).unwrap();
    assert!(json.contains("\"ruleset\":\"stratego\""), "{json}");
    assert!(json.contains("\"a6xa7\""), "{json}");
    let record: Record = serde_json::from_str(&json).unwrap();
    let replayed = Game::replay(&record).unwrap();
    assert_eq!(replayed.position(), game.position());
    assert_eq!(replayed.status(), Status::SouthWins);
    let admiral = Record { ruleset: "admiral".into(), ..record.clone() };
    assert!(matches!(Game::replay(&admiral), Err(GameError::Unsupported { .. })));
    // And Admiral refuses a Stratego record.
    if let Ok(r) = serde_json::from_str::<admiral_engine::Record>(&json) {
        assert!(matches!(
            admiral_engine::Game::replay(&r),
            Err(admiral_engine::GameError::Unsupported { .. })
        ));
    }
}

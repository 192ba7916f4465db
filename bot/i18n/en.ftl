# Admiral for Discord — English catalogue.
# Format: Fluent (https://projectfluent.org/fluent/guide/). `key = text`; an indented line
# continues the text on a new line; `{ $name }` is replaced by a value; `{ $n -> … }` selects a
# variant, by CLDR plural category for a number (English: one, other). Every message must exist
# in ru.ftl too, with the same variables (tested); a unit's grammar variables (`$unit-gender`, …)
# may differ. An indented line cannot start with `*`, `[` or `.`: write `{ "**" }` instead.

## Commands (descriptions ≤ 100 characters)
cmd-admiral = Admiral: naval hidden-fleet strategy, played by DM
cmd-admiral-challenge = Challenge someone to a match of Admiral
cmd-admiral-challenge--opponent = Whom to challenge
cmd-admiral-challenge--time = Time control (default: untimed)
cmd-admiral-challenge--intel = Show remembered identities of enemy ships (default: on)
cmd-admiral-challenge--ruleset = Rules (default: Admiral)
cmd-admiral-challenge--rated = Count for points, ranks and medals (default: yes)
cmd-admiral-ai = Play against the computer
cmd-admiral-ai--level = Strength 1 (easy) to 5 (strongest)
cmd-admiral-ai--time = Time control (default: untimed)
cmd-admiral-ai--ruleset = Rules (default: Admiral)
cmd-admiral-profile = A player's service record: rank, points, medals
cmd-admiral-profile--user = Whose record (default: yours)
cmd-admiral-leaderboard = The best players of this server
cmd-admiral-setup = Set up your fleet before the match
cmd-admiral-setup-auto = Generate a new layout automatically
cmd-admiral-setup-auto--match = Which match (default: the one waiting for you)
cmd-admiral-setup-upload = Upload a layout file (plain text grid)
cmd-admiral-setup-upload--file = The layout file (.txt)
cmd-admiral-setup-upload--match = Which match (default: the one waiting for you)
cmd-admiral-setup-layout = Use one of your saved layouts
cmd-admiral-setup-layout--name = The saved layout
cmd-admiral-setup-layout--match = Which match (default: the one waiting for you)
cmd-admiral-setup-swap = Swap the units on two squares of your zone
cmd-admiral-setup-swap--a = First square, e.g. c2
cmd-admiral-setup-swap--b = Second square, e.g. d4
cmd-admiral-setup-swap--match = Which match (default: the one waiting for you)
cmd-admiral-setup-fill = Place the missing units automatically
cmd-admiral-setup-fill--match = Which match (default: the one waiting for you)
cmd-admiral-setup-ready = Confirm your layout: the match starts when both are ready
cmd-admiral-setup-ready--match = Which match (default: the one waiting for you)
cmd-admiral-move = Make your move (start typing a square, e.g. e3)
cmd-admiral-move--action = The action: pick from the list or type e3-e4, e3xe4, e3-e4xe5, e3xe4(d3), f2!
cmd-admiral-move--match = Which match (default: the one waiting for you)
cmd-admiral-board = Show your board (only you see it)
cmd-admiral-board--match = Which match (default: the one waiting for you)
cmd-admiral-matches = Your matches and whose turn it is
cmd-admiral-resign = Resign a match
cmd-admiral-resign--match = Which match (default: the one waiting for you)
cmd-admiral-layouts = Your saved layouts
cmd-admiral-layouts-list = List your saved layouts
cmd-admiral-layouts-show = Show a saved layout (picture and file)
cmd-admiral-layouts-show--name = The saved layout
cmd-admiral-layouts-save = Save a layout from a file or from your current setup
cmd-admiral-layouts-save--name = A name for it
cmd-admiral-layouts-save--file = A layout file (default: your current setup)
cmd-admiral-layouts-save--match = The match whose setup to save
cmd-admiral-layouts-delete = Delete a saved layout
cmd-admiral-layouts-delete--name = The saved layout
cmd-admiral-settings = Your defence policy and language
cmd-admiral-settings--defence = When your ships are attacked: defend automatically or ask me
cmd-admiral-settings--language = Language of the bot's messages and pictures
cmd-admiral-rules = The units and how they fight
cmd-admiral-rules--unit = One unit, e.g. CR or cruiser
cmd-admiral-replay = The full record of a finished match
cmd-admiral-replay--match = Which match (default: your last finished one)
cmd-admiral-learn = Learn to play: short lessons by DM
cmd-admiral-learn--ruleset = Which game's lessons (default: Admiral)
cmd-admiral-learn--lesson = One lesson to play (again): pick from the list
choice-untimed = untimed
choice-1-day-per-move = 1 day per move
choice-3-days-per-move = 3 days per move
choice-7-days-per-move = 7 days per move
choice-live-10-5 = live 10 min + 5 s
choice-live-30-10 = live 30 min + 10 s
choice-live-60-30 = live 60 min + 30 s
choice-admiral = Admiral
choice-stratego = Stratego (classic, unrated)
choice-auto = defend automatically with the strongest group
choice-ask = ask me by DM
choice-discord = follow my Discord language
choice-english = English
choice-russian = Russian

## Command and option names as Discord shows them (lowercase, at most 32 letters, digits, - or _)
name-admiral = admiral
name-challenge = challenge
name-ai = ai
name-profile = profile
name-leaderboard = leaderboard
name-setup = setup
name-auto = auto
name-upload = upload
name-layout = layout
name-swap = swap
name-fill = fill
name-ready = ready
name-move = move
name-board = board
name-matches = matches
name-resign = resign
name-layouts = layouts
name-list = list
name-show = show
name-save = save
name-delete = delete
name-settings = settings
name-rules = rules
name-replay = replay
name-learn = learn
name-lesson = lesson
name-opponent = opponent
name-time = time
name-intel = intel
name-ruleset = ruleset
name-rated = rated
name-level = level
name-user = user
name-match = match
name-file = file
name-name = name
name-a = a
name-b = b
name-action = action
name-defence = defence
name-language = language
name-unit = unit

## Words
side-south = South
side-north = North
tc-untimed = untimed
tc-days = { $days } d per move
tc-live = live { $minutes } min + { $increment } s
intel-on = intel on
revealed-marked = revealed pieces stay marked
revealed-unmarked = revealed pieces not marked
game-admiral = Admiral
game-stratego = Stratego (classic)
err-stratego-rated = Stratego matches are unrated: the career counts Admiral matches only. Leave out `rated`, or choose Admiral.
intel-off = intel off
rated = rated
unrated = unrated
ai-name = AI level { $level }
opponent = Opponent
you = You
vs = vs { $name }
plies = { $n } { $n ->
        [one] ply
       *[other] plies
    }
points = Points
wins = { $n } { $n ->
        [one] win
       *[other] wins
    }
strength = strength
attacker = Attacker
defender = Defender
destroyed = Destroyed
nothing = Nothing
enemy-known = enemy { $unit }
enemy-unknown = enemy ship
own-unit = your { $unit }
owner-your = your
owner-enemy = enemy
weapon-contact = in contact
weapon-aircraft = from the air
weapon-torpedo = with a torpedo
# A number of units of one kind ("2 cruisers").
unit-count = { $count } { $count ->
        [one] { $unit }
       *[other] { $unit-other }
    }

## Unit names: one term per unit, `-kind-<code>` for Admiral, `-piece-<code>` for Stratego,
## `-any-unit` for a unit the reader does not know. The code passes a unit to a message as
## variables: `$unit` is the term's value and `$unit-<attribute>` each attribute (`unit` being
## the variable's name in the message: `$attacker`, `$attacker-other`, …), plus `$unit-code`
## (the unit's code, a piece's number). `.other` is the form after a number of category other.
-kind-cv = aircraft carrier
    .other = aircraft carriers
-kind-bb = battleship
    .other = battleships
-kind-cr = cruiser
    .other = cruisers
-kind-rd = raider
    .other = raiders
-kind-dd = destroyer
    .other = destroyers
-kind-ps = patrol ship
    .other = patrol ships
-kind-tb = torpedo boat
    .other = torpedo boats
-kind-cs = cruiser submarine
    .other = cruiser submarines
-kind-ms = minesweeper
    .other = minesweepers
-kind-ss = submarine
    .other = submarines
-kind-ac = aircraft
    .other = aircraft
-kind-tp = torpedo
    .other = torpedoes
-kind-mn = mine
    .other = mines
-kind-sm = stationary mine
    .other = stationary mines
-kind-fs = fireship
    .other = fireships
-kind-ab = atomic bomb
    .other = atomic bombs
-kind-nb = naval base
    .other = naval bases
-piece-sp = spy
    .other = spies
-piece-sc = scout
    .other = scouts
-piece-mi = miner
    .other = miners
-piece-sg = sergeant
    .other = sergeants
-piece-lt = lieutenant
    .other = lieutenants
-piece-ca = captain
    .other = captains
-piece-mj = major
    .other = majors
-piece-co = colonel
    .other = colonels
-piece-ge = general
    .other = generals
-piece-ma = marshal
    .other = marshals
-piece-bo = bomb
    .other = bombs
-piece-fl = flag
    .other = flags
-any-unit = unit
    .other = units

## Results
result-draw = Draw
result-win = Victory
result-loss = Defeat
result-side-wins = { $side } wins
reason-bases = both naval bases destroyed
reason-all-bases = the last bases of both sides destroyed at once
reason-quiet = 200 moves without a loss
reason-no-action = no legal move left
reason-resigned = resignation
reason-timeout = time ran out
status-your-move = Turn { $turn } · Your move
status-their-move = Turn { $turn } · Their move

## What happened
ev-moved = { $who } moved { $from }→{ $to }
# `$owner` (own or enemy) owns the attacker; the other side owns the target.
ev-struck = { $owner ->
        [own] your { $attacker } ({ $from }) attacked enemy { $target }
       *[enemy] enemy { $attacker } ({ $from }) attacked your { $target }
    } ({ $at }) { $how }
ev-battle = battle: { $owner ->
        [own] your { $attackers } against enemy { $defenders }
       *[enemy] enemy { $attackers } against your { $defenders }
    }: { $a } vs { $d }, { $result }
ev-detonated = { $owner ->
        [own] your
       *[enemy] enemy
    } { $unit } exploded at { $at }
ev-lost = lost: your { $unit } at { $at }
ev-sunk = sunk: enemy { $unit } at { $at }
battle-title = Battle at { $at }
battle-tie = a tie: both groups destroyed
battle-you-won = you won
battle-you-lost = you lost
battle-nothing = nothing destroyed

## Autocomplete labels
act-move = { $unit } moves
act-attack = { $unit } attacks { $target }
act-formation = attack with { $group } on { $target }
act-air = air strike on { $target }
act-torpedo = torpedo at { $target }
act-move-attack = to { $step }, then { $rest }
act-detonate = detonate the atomic bomb
ac-not-your-turn = It is not your turn: you will get a DM when it is
ac-over = This match is over
ac-no-match = No match waiting for you: see /admiral matches
ac-typed = { $text } (not in the list: send it to see why)
ms-setup-you = setup: your turn
ms-setup-them = setup: waiting for the opponent
ms-your-move = your move
ms-their-move = their move

## Buttons, menus, modals
btn-accept = Accept
btn-decline = Decline
btn-auto = Auto-generate again
btn-use-saved = Use a saved layout
btn-upload = Upload a file
btn-download = Download layout file
btn-save = Save as…
btn-ready = Ready
btn-move = Make a move
btn-board = Show my board
btn-lesson-next = Next lesson
btn-lesson-retry = Try again
btn-lesson-restart = Start over
btn-lesson-skip = Skip this lesson
btn-first-match = ⚓ Play the AI, level 1
btn-resign = Resign
btn-resign-yes = Yes, resign
btn-resign-no = No, keep playing
defence-placeholder = Choose your defence group
defence-default = the default: strongest group
modal-move-title = Your move in match #{ $id }
modal-move-label = Action
modal-move-placeholder = e3-e4 move · e3xe4 attack · e3-e4xe5 · e3xe4(d3) with partner · f2! bomb
modal-save-title = Save this layout
modal-save-label = Name
modal-save-placeholder = e.g. fortress

## Messages
challenge-issued = ⚓ { $from } challenges { $to } to a match of **{ $game }**.
    Settings: { $settings }.
    Only { $to } can answer. The challenge expires { $expires }.
challenge-sent = Challenge sent to { $to } ({ $settings }). They can accept it in this channel.
challenge-sent-dm = Challenge sent to { $to } by DM ({ $settings }).
challenge-accepted-public = ✅ { $to } accepted the challenge of { $from }: match #{ $id }. Both players: check your DMs to set up your fleets.
challenge-declined-public = ❌ { $to } declined the challenge of { $from }.
challenge-expired-public = ⌛ The challenge of { $from } to { $to } expired unanswered.
challenge-accepted-dm = Your challenge was accepted: match #{ $id }. Set up your fleet with the buttons below the preview.
challenge-declined-dm = Your challenge was declined.
challenge-expired-dm = Your challenge expired unanswered.
ai-started = Match #{ $id } against the AI level { $level } is ready. Set up your fleet: the preview is in your DMs (or use /admiral setup).
setup-opened = **Match #{ $id }** against { $opponent }: set up your fleet. You are { $side } (South moves first).
    Below is a ready layout. Generate another, upload your own file, or press **Ready**.
setup-deadline = Setup closes { $when }; missing units are then placed automatically.
setup-reminder = Match #{ $id }: setup closes { $when }. Press **Ready** when your fleet is in place.
setup-filled = Match #{ $id }: the setup time ran out, so your layout was completed automatically.
setup-updated = Match #{ $id }: your new layout. Press **Ready** when you are happy with it.
setup-updated-partial = Match #{ $id }: layout loaded, but units are missing: { $missing }. Use /admiral setup fill to place them.
setup-board = Match #{ $id } is in setup. Your current layout:
setup-title = Your fleet · { $side }
setup-subtitle = Front row at the top. Press Ready when done.
ready-waiting = Match #{ $id }: you are ready. Waiting for your opponent.
ready-started = Match #{ $id }: both fleets are ready. The battle begins!
ai-busy-eta = 🤔 Match #{ $id }: the AI is busy with other games (waiting before yours: { $ahead }). Its move should come in about { $seconds } s, thought through as carefully as ever.
ai-busy = 🤔 Match #{ $id }: the AI is busy with other games (waiting before yours: { $ahead }). Its move comes as soon as it has thought it through, as carefully as ever.
opponent-ready = Match #{ $id }: your opponent is ready.
your-turn = **Match #{ $id } · turn { $turn } · your move.**
your-turn-hint = Tap **Make a move**, or use /admiral move and pick from the list.
move-deadline = Move before { $when }.
draw-near = ⏳ { $left } { $left ->
        [one] ply
       *[other] plies
    } to a draw: 200 plies in a row without a loss end the game.
moved = **Match #{ $id }**: the opponent has moved.
moved-start = **Match #{ $id } has begun.** South moves first: you will get a DM when it is your turn.
moved-own = **Match #{ $id }**: the result of your attack.
defence-requested = **Match #{ $id }**: your { $unit } on { $at } is attacked from { $from }. Choose the group that defends it before { $when } (otherwise your strongest group defends).
defence-pending = You are asked to choose a defence group (until { $when }).
defence-declared = Match #{ $id }: defence declared.
awaiting-defence = Match #{ $id }: your attack waits for the defender's choice (at most until { $when }).
move-reminder = Match #{ $id }: your move is due { $when }.
match-ended = **Match #{ $id } is over: { $headline }** ({ $reason }).
points-earned = Points: +{ $points } (total { $total }).
replay-hint = The full record: /admiral replay match:{ $id }
public-win = 🏁 Match #{ $id }: { $winner } defeated { $loser } ({ $reason }).
public-draw = 🏁 Match #{ $id }: { $a } and { $b } drew ({ $reason }).
dm-fallback = { $user }, I cannot send you direct messages, so match #{ $id } continues here: use /admiral board and /admiral move (only you see the answers). Allow DMs from server members to get your board by DM again.
dms-work-again = Direct messages work again: your boards will come here.
dm-closed-note = Your DMs are closed, so your board comes here.
played = Match #{ $id }: **{ $action }** played.
played-awaiting-defence = The defender is choosing a group; you will see the battle soon.
resign-confirm = Resign match #{ $id }? This cannot be undone.
resign-cancelled = You keep playing.
resigned = You resigned match #{ $id }.
matches-none = You have no matches in progress. Start one with /admiral challenge or /admiral ai.
matches-head = **Your matches**
upload-how = To upload a layout file for match #{ $id }, use /admiral setup upload and attach a .txt file (tip: download the current layout, edit it, upload it).
download-here = Your layout for match #{ $id }: edit it in any text editor and upload it with /admiral setup upload.
layouts-none = You have no saved layouts. Save one with the **Save as…** button or /admiral layouts save.
layouts-pick = Choose a saved layout
layouts-head = **Your saved layouts**
layout-shown = Layout `{ $name }`:
layout-saved = Layout `{ $name }` saved.
layout-deleted = Layout `{ $name }` deleted.
settings-head = **Your settings**
settings-saved = Settings saved.
settings-policy = Defence: { $policy }
settings-lang = Language: { $lang }
policy-auto = the strongest group defends automatically
policy-ask = ask me by DM (with a deadline)
lang-auto = follows your Discord language
lang-name = English
rules-summary = **Admiral** in short: each side secretly places 58 units; on your turn one unit moves one square, attacks, or moves then attacks. Ships of the scale may attack in formations (e.g. CR+CR = 18). Lose both naval bases and you lose. Each unit: /admiral rules with its name; full rules: doc/rules.md in the bot's source code.
board-legend = **On your board**: a striped token is an enemy you have not identified; waves (››› in Stratego) mean it has moved, so it is no base or stationary mine (no bomb or flag); a white label shows what you know it to be. A yellow eye on one of your own units means the enemy has identified it.
atlas-title = The units of Admiral
atlas-footer = Moves: one square, never diagonal. Tethered weapons stay next to their carrier.
unit-cv = carries the aircraft; never attacks
unit-ac = strikes 1–4 squares in a line while next to the carrier
unit-tp = fires 1–2 squares while next to a torpedo boat; single use
unit-mn = moves next to a destroyer; sinks what hits it
unit-sm = never moves; sinks any ship that hits it
unit-fs = fireship: destroys itself and what it rams
unit-ab = atomic bomb: destroys everything in a 5×5 square
unit-nb = naval base: lose both and you lose
unit-scale = strength { $strength }; fights alone or in a formation
profile-head = Service record of { $user }: { $rank }, { $points } { $points ->
        [one] point
       *[other] points
    }.
stat-matches = Rated matches
stat-wdl = Won / drawn / lost
stat-sunk = Units sunk
stat-tonnage = Tonnage sunk
medals = Medals and orders
badges = Qualification badges
new-awards = New awards
rank-progress = { $points } / { $next } { $next ->
        [one] point
       *[other] points
    } to { $rank }
pts-fleet = Fleet kept
pts-tonnage = Tonnage sunk (per 1,000 t)
pts-bases = Both bases kept
pts-win = Victory
pts-result = Result factor
pts-opponent = Opponent factor
leaderboard-head = **Leaderboard**
leaderboard-empty = Nobody has finished a rated match here yet.
replay-head = Match #{ $id }: { $plies } { $plies ->
        [one] ply
       *[other] plies
    }. The move list and the full record:
award-torpedo_strike = Torpedo strike
award-submariner = Submariner
award-naval_aviation = Naval aviation
award-mine_warfare = Mine warfare
award-atomic_strike = Atomic strike
award-base_raider = Base raider
award-base_defender = Base defender
award-squadron = Squadron
award-veteran = Veteran
award-victor = Victor
award-tonnage = Tonnage
award-admirals_match = Admiral's match
award-school = Naval school

ply-label = Move

## Errors
err-internal = Something went wrong on our side. Please try again.
err-malformed = This request could not be read. Please try again from a fresh message.
err-bad-match = `{ $text }` is not a match number: pick one from the list.
err-no-matches = You have no match in progress. Start one with /admiral challenge or /admiral ai.
err-which-match = You have several matches ({ $ids }): choose one with the `match` option.
err-bad-squares = `{ $a }` and `{ $b }` must be squares such as c2 and d4.
err-file = Could not download the file from Discord ({ $reason }): please try again.
err-file-too-large = The file is too large ({ $size }): a layout file is plain text of at most { $limit }. Download your current layout from the setup message to see one.
err-file-not-text = That file is not text (a picture, a document or other binary data). A layout file is plain text: download your current layout from the setup message to see one.
err-file-encoding = The file is not in UTF-8, the encoding layout files use (UTF-16 with a byte-order mark is read too); other encodings, such as Windows-1251, are not supported. Save it as UTF-8 and upload it again.
err-layout-name = A layout name has 1 to 40 characters.
err-save-what = Attach a file or name the match whose layout to save.
err-unknown-unit = Unknown unit `{ $text }`: try a code such as CR or a name such as cruiser.
err-replay-not-finished = Match #{ $id } is not over yet: the replay opens when it ends.
err-no-finished = You have no finished match yet.

## Career (points, ranks, awards, leaderboard)
rank-top = { $points } { $points ->
        [one] point
       *[other] points
    }: the highest rank
working-term = • { $term }: { $value }
working-total = • ({ $sum }) × { $result } ({ $why }) × { $opponent } ({ $against }) = **{ $total }**
factor-win = win
factor-draw = draw: half
factor-loss = loss: a quarter
against-ai = AI level { $level }
against-person = a person
promoted = 🎖 **Promoted**: { $from } → **{ $rank }**!
award-new = 🏅 New award: **{ $award }** { $degree }
award-raised = 🏅 **{ $award }** raised from { $from } to **{ $degree }**
unrated-friendly = This match was unrated: your career is unchanged.
unrated-early = Resigned before move 10: this match earns nothing for either player.
unrated-limit = You two have already played { $limit } rated { $limit ->
        [one] match
       *[other] matches
    } today (UTC): this one counts as unrated.
award-kind-medal = medal
award-kind-order = order
award-kind-badge = qualification badge
award-no-degree = not earned yet
award-degree = degree { $degree }
award-counts-torpedo_strike = Counts enemy ships sunk by your torpedoes.
award-counts-submariner = Counts battles won by your submarines (alone or in a pack, attacking or defending).
award-counts-naval_aviation = Counts enemy units destroyed by your aircraft.
award-counts-mine_warfare = Counts enemy units lost on your mines and enemy mines your minesweepers cleared.
award-counts-atomic_strike = Counts enemy units destroyed by your atomic bomb.
award-counts-base_raider = Counts enemy naval bases destroyed.
award-counts-base_defender = Counts rated wins with both of your bases intact.
award-counts-squadron = Counts battles won by a formation of two or three ships (attacking or defending).
award-counts-veteran = Counts rated matches finished.
award-counts-victor = Counts rated wins.
award-counts-tonnage = Counts the enemy tonnage you sank (t).
award-counts-admirals_match = Counts rated wins against the AI of level 5.
award-counts-school = Counts the lessons you passed (/admiral learn).
award-thresholds = Degrees: III at { $iii } · II at { $ii } · I at { $i }
award-next = Now { $count }: { $left } more for degree { $degree }.
award-top = Now { $count }: the highest degree.
award-menu-next = { $count } / { $need } for degree { $degree }
award-menu = An award: its condition and progress
career-help-option = How points, ranks and fair play work
career-help = **Points** after each rated match: fleet kept (your surviving ships' strength as a share of the full 184, ×100) + enemy tonnage sunk per 1,000 t + 50 if both your bases survive + 100 for a win. A win counts in full, a draw half, a loss a quarter; against the AI the level multiplies the points (1: ×0.2, 2: ×0.4, 3: ×0.6, 4: ×0.8, 5: ×1).
    { "**" }Ranks**: 19, from Seaman (0 points) to Fleet Admiral (18,500). **Awards**: 12, each in degrees III → II → I; a higher degree replaces the lower one.
    { "**" }Fair play**: the same two players count as rated at most 3 times per day (UTC); later matches that day are unrated. A match resigned before move 10 earns nothing for either player. Unrated matches change nothing.
leaderboard-page = page { $page } of { $pages } · { $total } { $total ->
        [one] player
       *[other] players
    }
leaderboard-row = { $place }. { $user } · { $rank } · { $points } { $points ->
        [one] point
       *[other] points
    } · wins: { $wins }
leaderboard-you = Your place: **#{ $place }** ({ $points } { $points ->
        [one] point
       *[other] points
    }).
leaderboard-you-none = You are not on this board yet: finish a match started in this server.
btn-prev = ◀ Previous
btn-next = Next ▶
award-card-top = { $count } · the highest degree
ranks-title = The 19 ranks
ranks-points = { $points } { $points ->
        [one] point
       *[other] points
    }

# Stratego (issue #9)
reason-flag = the flag was captured
reason-forfeit = a player forfeited (an answer that was not allowed)
stratego-turn-hint = Tap **Make a move**, or use /admiral move: `e4-e5` moves, `e4xe5` attacks, a scout runs `b2-b6`.
stratego-moved-line = { $owner ->
        [own] your
       *[enemy] enemy
    } piece: { $from } → { $to }
stratego-attack-line = { $owner ->
        [own] your
       *[enemy] enemy
    } { $attacker } ({ $attacker-code }) on { $from } attacked { $defender } ({ $defender-code }) on { $to }: { $result }
stratego-attacker-wins = the attacker wins
stratego-defender-wins = the defender holds
stratego-both-removed = both are removed
stratego-unrated = Stratego matches are unrated: your career (points, ranks, awards) counts Admiral matches only.
stratego-rules-summary = **Stratego** in short: each side secretly sets up 40 pieces in its four rows; on your turn move one piece one square (scouts run any distance in a line), or attack an adjacent enemy: the higher rank wins, equal ranks both fall. The spy takes the marshal if it attacks first, only a miner defuses a bomb; bombs and the flag never move. Capture the enemy flag, or leave the enemy without a move. Lakes block the middle. Notation: `e4-e5`, `e4xe5`, `b2-b6`.

## Lessons (/admiral learn)
learn-started = 📘 Lesson { $number }/{ $count }: **{ $title }**. It is in your DMs: read the brief, then play on the board below it.
learn-resumed = 📘 You are in the middle of lesson { $number }/{ $count }: **{ $title }**. Its brief and board are in your DMs again.
learn-path-done = 🎓 You have been through every lesson of Admiral. Play a real match: `/admiral ai 1`. Classic Stratego has lessons too: `/admiral learn ruleset:stratego`.
learn-stratego-path-done = 🎓 You have been through every lesson of Stratego. Play it: `/admiral ai 1 ruleset:stratego`.
lesson-heading = Lesson { $number }/{ $count } · { $title }
lesson-moves = 🎯 You have { $turns ->
    [one] { $turns } move
   *[other] { $turns } moves
} for it. Tap **Make a move**, or type `/admiral move` and pick from the list.
lesson-passed = passed!
lesson-failed = not yet.
lesson-next = Next: **{ $title }**.
lesson-path-end = That was the last lesson of this path. 🎓 Play on: the AI of level 1 below, a stronger one with `/admiral ai`, or a friend with `/admiral challenge`.
lesson-fail-turns = You have used your { $turns ->
    [one] { $turns } move
   *[other] { $turns } moves
} without reaching the goal.
lesson-fail-ended = The game ended before the goal was reached.
lesson-opponent = Lesson
lesson-gone = This lesson is no longer in the course; start again with /admiral learn.

# Адмирал для Discord — русский каталог. Формат как в en.ftl (Fluent; категории числа:
# one, few, many, other).

## Команды (описания ≤ 100 знаков)
cmd-admiral = Адмирал: морская стратегия со скрытым флотом, игра в личных сообщениях
cmd-admiral-challenge = Вызвать игрока на партию в «Адмирал»
cmd-admiral-challenge--opponent = Кого вызвать
cmd-admiral-challenge--time = Контроль времени (по умолчанию без часов)
cmd-admiral-challenge--intel = Показывать запомненные типы кораблей противника (по умолчанию да)
cmd-admiral-challenge--ruleset = Правила (по умолчанию «Адмирал»)
cmd-admiral-challenge--rated = Засчитывать очки, звания и награды (по умолчанию да)
cmd-admiral-ai = Сыграть с компьютером
cmd-admiral-ai--level = Сила от 1 (легко) до 5 (сильнейший)
cmd-admiral-ai--time = Контроль времени (по умолчанию без часов)
cmd-admiral-ai--ruleset = Правила (по умолчанию «Адмирал»)
cmd-admiral-profile = Личное дело игрока: звание, очки, награды
cmd-admiral-profile--user = Чьё дело (по умолчанию ваше)
cmd-admiral-leaderboard = Лучшие игроки этого сервера
cmd-admiral-setup = Расставить флот перед партией
cmd-admiral-setup-auto = Создать новую расстановку автоматически
cmd-admiral-setup-auto--match = Какая партия (по умолчанию та, что ждёт вас)
cmd-admiral-setup-upload = Загрузить файл расстановки (текстовая сетка)
cmd-admiral-setup-upload--file = Файл расстановки (.txt)
cmd-admiral-setup-upload--match = Какая партия (по умолчанию та, что ждёт вас)
cmd-admiral-setup-layout = Взять одну из сохранённых расстановок
cmd-admiral-setup-layout--name = Сохранённая расстановка
cmd-admiral-setup-layout--match = Какая партия (по умолчанию та, что ждёт вас)
cmd-admiral-setup-swap = Поменять местами единицы на двух клетках своей зоны
cmd-admiral-setup-swap--a = Первая клетка, например c2
cmd-admiral-setup-swap--b = Вторая клетка, например d4
cmd-admiral-setup-swap--match = Какая партия (по умолчанию та, что ждёт вас)
cmd-admiral-setup-fill = Расставить недостающие единицы автоматически
cmd-admiral-setup-fill--match = Какая партия (по умолчанию та, что ждёт вас)
cmd-admiral-setup-ready = Подтвердить расстановку: партия начнётся, когда готовы оба
cmd-admiral-setup-ready--match = Какая партия (по умолчанию та, что ждёт вас)
cmd-admiral-move = Сделать ход (начните набирать клетку, например e3)
cmd-admiral-move--action = Действие: выберите из списка или наберите e3-e4, e3xe4, e3-e4xe5, e3xe4(d3), f2!
cmd-admiral-move--match = Какая партия (по умолчанию та, что ждёт вас)
cmd-admiral-board = Показать вашу доску (видите только вы)
cmd-admiral-board--match = Какая партия (по умолчанию та, что ждёт вас)
cmd-admiral-matches = Ваши партии и чей сейчас ход
cmd-admiral-resign = Сдать партию
cmd-admiral-resign--match = Какая партия (по умолчанию та, что ждёт вас)
cmd-admiral-layouts = Ваши сохранённые расстановки
cmd-admiral-layouts-list = Список сохранённых расстановок
cmd-admiral-layouts-show = Показать сохранённую расстановку (картинка и файл)
cmd-admiral-layouts-show--name = Сохранённая расстановка
cmd-admiral-layouts-save = Сохранить расстановку из файла или из текущей партии
cmd-admiral-layouts-save--name = Название
cmd-admiral-layouts-save--file = Файл расстановки (по умолчанию текущая расстановка)
cmd-admiral-layouts-save--match = Партия, расстановку которой сохранить
cmd-admiral-layouts-delete = Удалить сохранённую расстановку
cmd-admiral-layouts-delete--name = Сохранённая расстановка
cmd-admiral-settings = Ваша политика защиты и язык
cmd-admiral-settings--defence = Когда атакуют ваш корабль: защищаться автоматически или спрашивать
cmd-admiral-settings--language = Язык сообщений и картинок бота
cmd-admiral-rules = Единицы флота и как они сражаются
cmd-admiral-rules--unit = Одна единица, например КР или крейсер
cmd-admiral-replay = Полная запись законченной партии
cmd-admiral-replay--match = Какая партия (по умолчанию последняя законченная)
cmd-admiral-learn = Научиться играть: короткие уроки в личных сообщениях
cmd-admiral-learn--ruleset = Уроки какой игры (по умолчанию: Адмирал)
cmd-admiral-learn--lesson = Один урок (пройти снова): выберите из списка
choice-untimed = без часов
choice-1-day-per-move = 1 день на ход
choice-3-days-per-move = 3 дня на ход
choice-7-days-per-move = 7 дней на ход
choice-live-10-5 = блиц 10 мин + 5 с
choice-live-30-10 = 30 мин + 10 с
choice-live-60-30 = 60 мин + 30 с
choice-admiral = Адмирал
choice-stratego = Stratego (классика, без рейтинга)
choice-auto = защищаться автоматически сильнейшей группой
choice-ask = спрашивать меня в личных сообщениях
choice-discord = как язык моего Discord
choice-english = английский
choice-russian = русский

## Имена команд и параметров, как их показывает Discord (строчные, до 32 букв, цифр, - или _)
name-admiral = адмирал
name-challenge = вызов
name-ai = ии
name-profile = профиль
name-leaderboard = лидеры
name-setup = расстановка
name-auto = авто
name-upload = загрузить
name-layout = сохранённая
name-swap = обмен
name-fill = дополнить
name-ready = готово
name-move = ход
name-board = доска
name-matches = партии
name-resign = сдаться
name-layouts = расстановки
name-list = список
name-show = показать
name-save = сохранить
name-delete = удалить
name-settings = настройки
name-rules = правила
name-replay = запись
name-learn = учиться
name-lesson = урок
name-opponent = соперник
name-time = время
name-intel = разведка
name-ruleset = игра
name-rated = рейтинговая
name-level = уровень
name-user = игрок
name-match = партия
name-file = файл
name-name = название
name-a = первая
name-b = вторая
name-action = действие
name-defence = защита
name-language = язык
name-unit = единица

## Слова
side-south = Юг
side-north = Север
tc-untimed = без часов
tc-days = { $days } дн. на ход
tc-live = { $minutes } мин + { $increment } с
intel-on = разведка вкл.
revealed-marked = раскрытые фигуры отмечаются
revealed-unmarked = раскрытые фигуры не отмечаются
game-admiral = «Адмирал»
game-stratego = Stratego (классика)
err-stratego-rated = Партии в Stratego не рейтинговые: в карьеру идут только партии в «Адмирал». Уберите `rated` или выберите «Адмирал».
intel-off = разведка выкл.
rated = рейтинговая
unrated = без рейтинга
ai-name = ИИ уровня { $level }
opponent = Соперник
you = Вы
vs = против { $name }
plies = { $n } { $n ->
        [one] полуход
        [few] полухода
        [many] полуходов
       *[other] полухода
    }
points = Очки
wins = { $n } { $n ->
        [one] победа
        [few] победы
        [many] побед
       *[other] победы
    }
strength = сила
attacker = Атакующий
defender = Защитник
destroyed = Уничтожены
nothing = Никто
enemy-known = { $unit-gender ->
        [feminine] вражеская
        [neuter] вражеское
       *[masculine] вражеский
    } { $unit }
enemy-unknown = неизвестный корабль
own-unit = { $unit-gender ->
        [feminine] ваша
        [neuter] ваше
       *[masculine] ваш
    } { $unit }
owner-your = ваш
owner-enemy = вражеский
weapon-contact = в упор
weapon-aircraft = с воздуха
weapon-torpedo = торпедой
# Число единиц одного типа («2 крейсера»).
unit-count = { $count } { $count ->
        [one] { $unit }
        [few] { $unit-few }
        [many] { $unit-many }
       *[other] { $unit-few }
    }

## Названия единиц: по термину на единицу (см. en.ftl). Атрибуты: .gender (masculine,
## feminine, neuter) и .animacy (animate, inanimate) для согласования, .acc — винительный
## падеж, .few и .many — форма после числа этих категорий (2 крейсера, 5 крейсеров).
-kind-cv = авианосец
    .gender = masculine
    .animacy = inanimate
    .acc = авианосец
    .few = авианосца
    .many = авианосцев
-kind-bb = линкор
    .gender = masculine
    .animacy = inanimate
    .acc = линкор
    .few = линкора
    .many = линкоров
-kind-cr = крейсер
    .gender = masculine
    .animacy = inanimate
    .acc = крейсер
    .few = крейсера
    .many = крейсеров
-kind-rd = рейдер
    .gender = masculine
    .animacy = inanimate
    .acc = рейдер
    .few = рейдера
    .many = рейдеров
-kind-dd = эсминец
    .gender = masculine
    .animacy = inanimate
    .acc = эсминец
    .few = эсминца
    .many = эсминцев
-kind-ps = сторожевой корабль
    .gender = masculine
    .animacy = inanimate
    .acc = сторожевой корабль
    .few = сторожевых корабля
    .many = сторожевых кораблей
-kind-tb = торпедный катер
    .gender = masculine
    .animacy = inanimate
    .acc = торпедный катер
    .few = торпедных катера
    .many = торпедных катеров
-kind-cs = крейсерская подводная лодка
    .gender = feminine
    .animacy = inanimate
    .acc = крейсерскую подводную лодку
    .few = крейсерские подводные лодки
    .many = крейсерских подводных лодок
-kind-ms = тральщик
    .gender = masculine
    .animacy = inanimate
    .acc = тральщик
    .few = тральщика
    .many = тральщиков
-kind-ss = подводная лодка
    .gender = feminine
    .animacy = inanimate
    .acc = подводную лодку
    .few = подводные лодки
    .many = подводных лодок
-kind-ac = самолёт
    .gender = masculine
    .animacy = inanimate
    .acc = самолёт
    .few = самолёта
    .many = самолётов
-kind-tp = торпеда
    .gender = feminine
    .animacy = inanimate
    .acc = торпеду
    .few = торпеды
    .many = торпед
-kind-mn = мина
    .gender = feminine
    .animacy = inanimate
    .acc = мину
    .few = мины
    .many = мин
-kind-sm = стационарная мина
    .gender = feminine
    .animacy = inanimate
    .acc = стационарную мину
    .few = стационарные мины
    .many = стационарных мин
-kind-fs = брандер
    .gender = masculine
    .animacy = inanimate
    .acc = брандер
    .few = брандера
    .many = брандеров
-kind-ab = атомная бомба
    .gender = feminine
    .animacy = inanimate
    .acc = атомную бомбу
    .few = атомные бомбы
    .many = атомных бомб
-kind-nb = военно-морская база
    .gender = feminine
    .animacy = inanimate
    .acc = военно-морскую базу
    .few = военно-морские базы
    .many = военно-морских баз
-piece-sp = шпион
    .gender = masculine
    .animacy = animate
    .acc = шпиона
    .few = шпиона
    .many = шпионов
-piece-sc = разведчик
    .gender = masculine
    .animacy = animate
    .acc = разведчика
    .few = разведчика
    .many = разведчиков
-piece-mi = сапёр
    .gender = masculine
    .animacy = animate
    .acc = сапёра
    .few = сапёра
    .many = сапёров
-piece-sg = сержант
    .gender = masculine
    .animacy = animate
    .acc = сержанта
    .few = сержанта
    .many = сержантов
-piece-lt = лейтенант
    .gender = masculine
    .animacy = animate
    .acc = лейтенанта
    .few = лейтенанта
    .many = лейтенантов
-piece-ca = капитан
    .gender = masculine
    .animacy = animate
    .acc = капитана
    .few = капитана
    .many = капитанов
-piece-mj = майор
    .gender = masculine
    .animacy = animate
    .acc = майора
    .few = майора
    .many = майоров
-piece-co = полковник
    .gender = masculine
    .animacy = animate
    .acc = полковника
    .few = полковника
    .many = полковников
-piece-ge = генерал
    .gender = masculine
    .animacy = animate
    .acc = генерала
    .few = генерала
    .many = генералов
-piece-ma = маршал
    .gender = masculine
    .animacy = animate
    .acc = маршала
    .few = маршала
    .many = маршалов
-piece-bo = бомба
    .gender = feminine
    .animacy = inanimate
    .acc = бомбу
    .few = бомбы
    .many = бомб
-piece-fl = флаг
    .gender = masculine
    .animacy = inanimate
    .acc = флаг
    .few = флага
    .many = флагов
-any-unit = единица
    .gender = feminine
    .animacy = inanimate
    .acc = единицу
    .few = единицы
    .many = единиц

## Итоги
result-draw = Ничья
result-win = Победа
result-loss = Поражение
result-side-wins = Победа: { $side }
reason-bases = уничтожены обе военно-морские базы
reason-all-bases = одним действием уничтожены последние базы обеих сторон
reason-quiet = 200 полуходов без потерь
reason-no-action = не осталось допустимых ходов
reason-resigned = сдача
reason-timeout = истекло время
status-your-move = Ход { $turn } · ваш ход
status-their-move = Ход { $turn } · ход соперника

## Что произошло
ev-moved = { $who }: { $from }→{ $to }
# `$owner` (own или enemy) — чей атакующий; цель — другой стороны.
ev-struck = { $owner ->
        [own] { $attacker-gender ->
            [feminine] ваша
            [neuter] ваше
           *[masculine] ваш
        }
       *[enemy] { $attacker-gender ->
            [feminine] вражеская
            [neuter] вражеское
           *[masculine] вражеский
        }
    } { $attacker } ({ $from }) { $attacker-gender ->
        [feminine] атаковала
        [neuter] атаковало
       *[masculine] атаковал
    } { $owner ->
        [own] { $target-gender ->
            [feminine] вражескую
            [neuter] вражеское
           *[masculine] { $target-animacy ->
                [animate] вражеского
               *[inanimate] вражеский
            }
        }
       *[enemy] { $target-gender ->
            [feminine] вашу
            [neuter] ваше
           *[masculine] { $target-animacy ->
                [animate] вашего
               *[inanimate] ваш
            }
        }
    } { $target-acc } ({ $at }) { $how }
ev-battle = бой: { $owner ->
        [own] ваша группа { $attackers } против группы противника { $defenders }
       *[enemy] группа противника { $attackers } против вашей группы { $defenders }
    }: { $a } против { $d }, { $result }
ev-detonated = { $owner ->
        [own] { $unit-gender ->
            [feminine] ваша
            [neuter] ваше
           *[masculine] ваш
        }
       *[enemy] { $unit-gender ->
            [feminine] вражеская
            [neuter] вражеское
           *[masculine] вражеский
        }
    } { $unit } { $unit-gender ->
        [feminine] взорвалась
        [neuter] взорвалось
       *[masculine] взорвался
    } на { $at }
ev-lost = { $unit-gender ->
        [feminine] потеряна ваша
        [neuter] потеряно ваше
       *[masculine] потерян ваш
    } { $unit } на { $at }
ev-sunk = { $unit-gender ->
        [feminine] потоплена вражеская
        [neuter] потоплено вражеское
       *[masculine] потоплен вражеский
    } { $unit } на { $at }
battle-title = Бой на { $at }
battle-tie = ничья: уничтожены обе группы
battle-you-won = вы победили
battle-you-lost = вы проиграли
battle-nothing = никто не уничтожен

## Подписи в подсказках
act-move = { $unit }: ход
act-attack = { $unit } атакует: { $target }
act-formation = атака группой { $group }: { $target }
act-air = удар с воздуха: { $target }
act-torpedo = торпеда: { $target }
act-move-attack = на { $step }, затем { $rest }
act-detonate = взорвать атомную бомбу
ac-not-your-turn = Сейчас не ваш ход: когда он наступит, придёт личное сообщение
ac-over = Эта партия окончена
ac-no-match = Нет партии, ждущей вас: см. /адмирал партии
ac-typed = { $text } (нет в списке: отправьте, чтобы узнать почему)
ms-setup-you = расстановка: ждём вас
ms-setup-them = расстановка: ждём соперника
ms-your-move = ваш ход
ms-their-move = ход соперника

## Кнопки, меню, формы
btn-accept = Принять
btn-decline = Отклонить
btn-auto = Расставить заново
btn-use-saved = Взять сохранённую
btn-upload = Загрузить файл
btn-download = Скачать файл расстановки
btn-save = Сохранить как…
btn-ready = Готов
btn-move = Сделать ход
btn-board = Моя доска
btn-lesson-next = Следующий урок
btn-lesson-retry = Ещё раз
btn-lesson-restart = Начать заново
btn-lesson-skip = Пропустить урок
btn-first-match = ⚓ Сыграть с ИИ, уровень 1
btn-resign = Сдаться
btn-resign-yes = Да, сдаюсь
btn-resign-no = Нет, играю дальше
defence-placeholder = Выберите группу защиты
defence-default = по умолчанию: сильнейшая группа
modal-move-title = Ваш ход в партии #{ $id }
modal-move-label = Действие
modal-move-placeholder = e3-e4 ход · e3xe4 атака · e3-e4xe5 · e3xe4(d3) с партнёром · f2! бомба
modal-save-title = Сохранить расстановку
modal-save-label = Название
modal-save-placeholder = например, крепость

## Сообщения
challenge-issued = ⚓ { $from } вызывает { $to } на партию в **{ $game }**.
    Условия: { $settings }.
    Ответить может только { $to }. Вызов истекает { $expires }.
challenge-sent = Вызов отправлен { $to } ({ $settings }). Принять его можно в этом канале.
challenge-sent-dm = Вызов отправлен { $to } в личные сообщения ({ $settings }).
challenge-accepted-public = ✅ { $to } принял вызов { $from }: партия #{ $id }. Игроки, расставьте флот в личных сообщениях.
challenge-declined-public = ❌ { $to } отклонил вызов { $from }.
challenge-expired-public = ⌛ Вызов { $from } игроку { $to } истёк без ответа.
challenge-accepted-dm = Ваш вызов принят: партия #{ $id }. Расставьте флот кнопками под картинкой.
challenge-declined-dm = Ваш вызов отклонён.
challenge-expired-dm = Ваш вызов истёк без ответа.
ai-started = Партия #{ $id } с ИИ уровня { $level } создана. Расставьте флот: картинка в личных сообщениях (или /адмирал расстановка).
setup-opened = **Партия #{ $id }** против { $opponent }: расставьте флот. Вы играете за { $side } (первым ходит Юг).
    Ниже готовая расстановка. Создайте другую, загрузите свой файл или нажмите **Готов**.
setup-deadline = Расстановка закрывается { $when }; недостающие единицы тогда расставятся сами.
setup-reminder = Партия #{ $id }: расстановка закрывается { $when }. Нажмите **Готов**, когда флот на месте.
setup-filled = Партия #{ $id }: время расстановки вышло, ваша расстановка дополнена автоматически.
setup-updated = Партия #{ $id }: новая расстановка. Нажмите **Готов**, когда она вас устроит.
setup-updated-partial = Партия #{ $id }: расстановка загружена, но не хватает: { $missing }. Расставьте их командой /адмирал расстановка дополнить.
setup-board = Партия #{ $id } в стадии расстановки. Ваша текущая расстановка:
setup-title = Ваш флот · { $side }
setup-subtitle = Передний ряд сверху. Нажмите «Готов», когда закончите.
ready-waiting = Партия #{ $id }: вы готовы. Ждём соперника.
ready-started = Партия #{ $id }: оба флота готовы. Бой начинается!
ai-busy-eta = 🤔 Партия #{ $id }: ИИ занят другими партиями (в очереди перед вашей: { $ahead }). Его ход придёт примерно через { $seconds } с, обдуманный так же тщательно, как всегда.
ai-busy = 🤔 Партия #{ $id }: ИИ занят другими партиями (в очереди перед вашей: { $ahead }). Его ход придёт, как только он его обдумает, так же тщательно, как всегда.
opponent-ready = Партия #{ $id }: соперник готов.
your-turn = **Партия #{ $id } · ход { $turn } · ваш ход.**
your-turn-hint = Нажмите **Сделать ход** или используйте /адмирал ход и выберите из списка.
move-deadline = Сходите до { $when }.
draw-near = ⏳ До ничьей { $left } { $left ->
        [one] полуход
        [few] полухода
        [many] полуходов
       *[other] полухода
    }: 200 полуходов подряд без потерь заканчивают партию.
moved = **Партия #{ $id }**: соперник сделал ход.
moved-start = **Партия #{ $id } началась.** Первым ходит Юг: когда настанет ваш ход, придёт личное сообщение.
moved-own = **Партия #{ $id }**: итог вашей атаки.
defence-requested = **Партия #{ $id }**: { $unit-gender ->
        [feminine] ваша
        [neuter] ваше
       *[masculine] ваш
    } { $unit } на { $at } { $unit-gender ->
        [feminine] атакована
        [neuter] атаковано
       *[masculine] атакован
    } с { $from }. Выберите группу защиты до { $when } (иначе защищается сильнейшая группа).
defence-pending = От вас ждут выбора группы защиты (до { $when }).
defence-declared = Партия #{ $id }: защита объявлена.
awaiting-defence = Партия #{ $id }: ваша атака ждёт выбора защитника (не дольше чем до { $when }).
move-reminder = Партия #{ $id }: ваш ход нужно сделать { $when }.
match-ended = **Партия #{ $id } окончена: { $headline }** ({ $reason }).
points-earned = Очки: +{ $points } (всего { $total }).
replay-hint = Полная запись: /адмирал запись партия:{ $id }
public-win = 🏁 Партия #{ $id }: { $winner } победил { $loser } ({ $reason }).
public-draw = 🏁 Партия #{ $id }: { $a } и { $b } сыграли вничью ({ $reason }).
dm-fallback = { $user }, я не могу писать вам в личные сообщения, поэтому партия #{ $id } продолжается здесь: используйте /адмирал доска и /адмирал ход (ответы видите только вы). Разрешите личные сообщения от участников сервера, чтобы снова получать доску в личку.
dms-work-again = Личные сообщения снова работают: доски будут приходить сюда.
dm-closed-note = Ваши личные сообщения закрыты, поэтому доска показана здесь.
played = Партия #{ $id }: сыграно **{ $action }**.
played-awaiting-defence = Защитник выбирает группу; скоро вы увидите бой.
resign-confirm = Сдать партию #{ $id }? Это нельзя отменить.
resign-cancelled = Играем дальше.
resigned = Вы сдали партию #{ $id }.
matches-none = У вас нет идущих партий. Начните: /адмирал вызов или /адмирал ии.
matches-head = **Ваши партии**
upload-how = Чтобы загрузить файл расстановки для партии #{ $id }, используйте /адмирал расстановка загрузить и приложите .txt файл (совет: скачайте текущую расстановку, поправьте её и загрузите).
download-here = Ваша расстановка для партии #{ $id }: правьте в любом текстовом редакторе и загружайте командой /адмирал расстановка загрузить.
layouts-none = У вас нет сохранённых расстановок. Сохраните кнопкой **Сохранить как…** или командой /адмирал расстановки сохранить.
layouts-pick = Выберите сохранённую расстановку
layouts-head = **Ваши сохранённые расстановки**
layout-shown = Расстановка `{ $name }`:
layout-saved = Расстановка `{ $name }` сохранена.
layout-deleted = Расстановка `{ $name }` удалена.
settings-head = **Ваши настройки**
settings-saved = Настройки сохранены.
settings-policy = Защита: { $policy }
settings-lang = Язык: { $lang }
policy-auto = сильнейшая группа защищается автоматически
policy-ask = спрашивать меня в личных сообщениях (со сроком)
lang-auto = как язык вашего Discord
lang-name = русский
rules-summary = **«Адмирал»** коротко: каждая сторона тайно расставляет 58 единиц; за ход одна единица ходит на клетку, атакует или ходит и атакует. Корабли шкалы атакуют группами (например, КР+КР = 18). Потеряли обе базы — проиграли. О каждой единице: /адмирал правила с её названием; полные правила: doc/rules.md в исходном коде бота.
board-legend = **На вашей доске**: полосатая фишка — неопознанная единица врага; волны (››› в Stratego) значат, что она ходила, а значит, это не база и не стационарная мина (не бомба и не флаг); белая плашка показывает, кем вы её знаете. Жёлтый глаз на вашей единице значит, что враг её опознал.
atlas-title = Единицы «Адмирала»
atlas-footer = Ход: на одну клетку, не по диагонали. Привязанное оружие держится рядом с носителем.
unit-cv = несёт самолёт; не атакует
unit-ac = бьёт на 1–4 клетки по линии, пока рядом авианосец
unit-tp = стреляет на 1–2 клетки, пока рядом торпедный катер; одноразовая
unit-mn = ходит рядом с эсминцем; топит того, кто на неё наткнётся
unit-sm = не двигается; топит любой корабль, который её атакует
unit-fs = брандер: гибнет сам и уничтожает цель
unit-ab = атомная бомба: уничтожает всё в квадрате 5×5
unit-nb = военно-морская база: потеряли обе — проиграли
unit-scale = сила { $strength }; сражается { $unit-gender ->
        [feminine] одна
        [neuter] одно
       *[masculine] один
    } или в группе
profile-head = Личное дело { $user }: { $rank }, { $points } { $points ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    }.
stat-matches = Рейтинговых партий
stat-wdl = Победы / ничьи / поражения
stat-sunk = Потоплено единиц
stat-tonnage = Потоплено тоннажа
medals = Медали и ордена
badges = Нагрудные знаки
new-awards = Новые награды
rank-progress = { $points } / { $next } { $next ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    } до звания «{ $rank }»
pts-fleet = Сохранённый флот
pts-tonnage = Потопленный тоннаж (на 1000 т)
pts-bases = Обе базы целы
pts-win = Победа
pts-result = Множитель результата
pts-opponent = Множитель соперника
leaderboard-head = **Таблица лидеров**
leaderboard-empty = Здесь ещё никто не закончил рейтинговую партию.
replay-head = Партия #{ $id }: { $plies } { $plies ->
        [one] полуход
        [few] полухода
        [many] полуходов
       *[other] полухода
    }. Список ходов и полная запись:
award-torpedo_strike = Торпедный удар
award-submariner = Подводник
award-naval_aviation = Морская авиация
award-mine_warfare = Минная война
award-atomic_strike = Атомный удар
award-base_raider = Рейдер баз
award-base_defender = Защитник баз
award-squadron = Эскадра
award-veteran = Ветеран
award-victor = Победитель
award-tonnage = Тоннаж
award-admirals_match = Партия с адмиралом
award-school = Морская школа

ply-label = Ход

## Ошибки
err-internal = У нас что-то пошло не так. Попробуйте ещё раз.
err-malformed = Не удалось прочитать запрос. Попробуйте ещё раз из свежего сообщения.
err-bad-match = `{ $text }` — не номер партии: выберите из списка.
err-no-matches = У вас нет идущей партии. Начните: /адмирал вызов или /адмирал ии.
err-which-match = У вас несколько партий ({ $ids }): выберите одну в параметре `match`.
err-bad-squares = `{ $a }` и `{ $b }` должны быть клетками, например c2 и d4.
err-file = Не удалось скачать файл из Discord ({ $reason }): попробуйте ещё раз.
err-file-too-large = Файл слишком большой ({ $size }): файл расстановки — это простой текст не больше { $limit }. Скачайте текущую расстановку из сообщения о расстановке, чтобы увидеть пример.
err-file-not-text = Это не текстовый файл (картинка, документ или другие двоичные данные). Файл расстановки — простой текст: скачайте текущую расстановку из сообщения о расстановке, чтобы увидеть пример.
err-file-encoding = Файл не в кодировке UTF-8, которой пишутся файлы расстановки (UTF-16 с меткой порядка байтов тоже читается); другие кодировки, например Windows-1251, не поддерживаются. Сохраните файл в UTF-8 и загрузите снова.
err-layout-name = Название расстановки — от 1 до 40 знаков.
err-save-what = Приложите файл или укажите партию, расстановку которой сохранить.
err-unknown-unit = Неизвестная единица `{ $text }`: попробуйте код, например КР, или название, например крейсер.
err-replay-not-finished = Партия #{ $id } ещё не окончена: запись откроется после её окончания.
err-no-finished = У вас ещё нет законченных партий.

## Career (points, ranks, awards, leaderboard)
rank-top = { $points } { $points ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    }: высшее звание
working-term = • { $term }: { $value }
working-total = • ({ $sum }) × { $result } ({ $why }) × { $opponent } ({ $against }) = **{ $total }**
factor-win = победа
factor-draw = ничья: половина
factor-loss = поражение: четверть
against-ai = ИИ уровня { $level }
against-person = человек
promoted = 🎖 **Повышение**: { $from } → **{ $rank }**!
award-new = 🏅 Новая награда: **{ $award }** { $degree }
award-raised = 🏅 **{ $award }**: степень { $from } → **{ $degree }**
unrated-friendly = Партия без рейтинга: ваш послужной список не изменился.
unrated-early = Сдача до 10-го хода: партия не приносит ничего ни одному игроку.
unrated-limit = Сегодня (UTC) вы двое уже сыграли { $limit } { $limit ->
        [one] рейтинговую партию
        [few] рейтинговые партии
        [many] рейтинговых партий
       *[other] рейтинговой партии
    }: эта идёт без рейтинга.
award-kind-medal = медаль
award-kind-order = орден
award-kind-badge = знак классности
award-no-degree = ещё не получена
award-degree = { $degree } степени
award-counts-torpedo_strike = Считает корабли противника, потопленные вашими торпедами.
award-counts-submariner = Считает бои, выигранные вашими подводными лодками (одной или группой, в атаке или в обороне).
award-counts-naval_aviation = Считает единицы противника, уничтоженные вашей авиацией.
award-counts-mine_warfare = Считает единицы противника, погибшие на ваших минах, и мины противника, вытраленные вашими тральщиками.
award-counts-atomic_strike = Считает единицы противника, уничтоженные вашей атомной бомбой.
award-counts-base_raider = Считает уничтоженные военно-морские базы противника.
award-counts-base_defender = Считает рейтинговые победы с обеими целыми базами.
award-counts-squadron = Считает бои, выигранные соединением из двух или трёх кораблей (в атаке или в обороне).
award-counts-veteran = Считает сыгранные рейтинговые партии.
award-counts-victor = Считает рейтинговые победы.
award-counts-tonnage = Считает потопленный вами тоннаж противника (т).
award-counts-admirals_match = Считает рейтинговые победы над ИИ 5-го уровня.
award-counts-school = Считает пройденные уроки (/адмирал учиться).
award-thresholds = Степени: III — { $iii } · II — { $ii } · I — { $i }
award-next = Сейчас { $count }: до степени { $degree } осталось { $left }.
award-top = Сейчас { $count }: высшая степень.
award-menu-next = { $count } / { $need } до степени { $degree }
award-menu = Награда: условие и прогресс
career-help-option = Как считаются очки, звания и честная игра
career-help = **Очки** после каждой рейтинговой партии: сохранённый флот (сила уцелевших кораблей как доля полной силы 184, ×100) + потопленный тоннаж противника на 1000 т + 50, если обе ваши базы целы, + 100 за победу. Победа считается полностью, ничья — наполовину, поражение — на четверть; против ИИ очки умножаются по уровню (1: ×0,2, 2: ×0,4, 3: ×0,6, 4: ×0,8, 5: ×1).
    { "**" }Звания**: 19, от матроса (0 очков) до адмирала флота (18 500). **Награды**: 12, у каждой степени III → II → I; высшая степень заменяет низшую.
    { "**" }Честная игра**: одни и те же два игрока получают рейтинг не больше 3 раз в сутки (UTC); следующие партии в тот день идут без рейтинга. Партия, сданная до 10-го хода, не приносит ничего ни одному игроку. Партии без рейтинга ничего не меняют.
leaderboard-page = страница { $page } из { $pages } · { $total } { $total ->
        [one] игрок
        [few] игрока
        [many] игроков
       *[other] игрока
    }
leaderboard-row = { $place }. { $user } · { $rank } · { $points } { $points ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    } · побед: { $wins }
leaderboard-you = Ваше место: **#{ $place }** ({ $points } { $points ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    }).
leaderboard-you-none = Вас ещё нет в этой таблице: доиграйте партию, начатую на этом сервере.
btn-prev = ◀ Назад
btn-next = Вперёд ▶
award-card-top = { $count } · высшая степень
ranks-title = 19 званий
ranks-points = от { $points } { $points ->
        [one] очка
        [few] очков
        [many] очков
       *[other] очка
    }

# Stratego (задача №9)
reason-flag = захвачен флаг
reason-forfeit = техническое поражение (недопустимый ответ)
stratego-turn-hint = Нажмите **Сделать ход** или /адмирал ход: `e4-e5` — ход, `e4xe5` — атака, разведчик бежит `b2-b6`.
stratego-moved-line = { $from } → { $to } ({ $owner ->
        [own] ваш
       *[enemy] вражеский
    } ход)
stratego-attack-line = { $owner ->
        [own] { $attacker-gender ->
            [feminine] ваша
            [neuter] ваше
           *[masculine] ваш
        }
       *[enemy] { $attacker-gender ->
            [feminine] вражеская
            [neuter] вражеское
           *[masculine] вражеский
        }
    } { $attacker } ({ $attacker-code }) на { $from } { $attacker-gender ->
        [feminine] атаковала
        [neuter] атаковало
       *[masculine] атаковал
    } { $defender-acc } ({ $defender-code }) на { $to }: { $result }
stratego-attacker-wins = атакующий побеждает
stratego-defender-wins = защитник устоял
stratego-both-removed = сняты оба
stratego-unrated = Партии в Stratego не рейтинговые: в карьеру (очки, звания, награды) идут только партии в «Адмирал».
stratego-rules-summary = **Stratego** кратко: каждая сторона тайно расставляет 40 фигур в своих четырёх рядах; за ход одна фигура идёт на одну клетку (разведчик — на любое число клеток по прямой) или атакует соседнюю вражескую: старший чин побеждает, равные снимаются оба. Шпион берёт маршала, если атакует первым; бомбу обезвреживает только сапёр; бомбы и флаг не ходят. Захватите флаг врага или оставьте его без ходов. Озёра в центре непроходимы. Запись: `e4-e5`, `e4xe5`, `b2-b6`.

## Уроки (/адмирал учиться)
learn-started = 📘 Урок { $number }/{ $count }: **{ $title }**. Он в личных сообщениях: прочтите задание и играйте на доске под ним.
learn-resumed = 📘 Вы на середине урока { $number }/{ $count }: **{ $title }**. Задание и доска снова в личных сообщениях.
learn-path-done = 🎓 Вы прошли все уроки «Адмирала». Сыграйте настоящую партию: `/адмирал ии 1`. Для классической «Стратего» тоже есть уроки: `/адмирал учиться игра:stratego`.
learn-stratego-path-done = 🎓 Вы прошли все уроки «Стратего». Сыграйте: `/адмирал ии 1 игра:stratego`.
lesson-heading = Урок { $number }/{ $count } · { $title }
lesson-moves = 🎯 На это { $turns ->
    [one] { $turns } ход
    [few] { $turns } хода
   *[other] { $turns } ходов
}. Нажмите **Сделать ход** или введите `/адмирал ход` и выберите из списка.
lesson-passed = пройден!
lesson-failed = пока не вышло.
lesson-next = Дальше: **{ $title }**.
lesson-path-end = Это был последний урок. 🎓 Играйте дальше: с ИИ уровня 1 (кнопка ниже), с ИИ посильнее (`/адмирал ии`) или с другом (`/адмирал вызов`).
lesson-fail-turns = Вы сделали { $turns ->
    [one] { $turns } ход
    [few] { $turns } хода
   *[other] { $turns } ходов
}, а цель не достигнута.
lesson-fail-ended = Партия закончилась раньше, чем цель была достигнута.
lesson-opponent = Урок
lesson-gone = Этого урока больше нет в курсе; начните заново: /адмирал учиться.

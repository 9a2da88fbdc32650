package app

import (
	"fmt"
	"strings"
)

// A bot can take the seat of a player who left: any player still here lets a bot of a chosen
// level play it, on their own device, until the absent player comes back. The other devices
// accept that seat's moves from the device running the bot, and validate them like any move.
//
// Only the device running the bot hands the seat back, when it hears the player again: it
// stops its bot and says so to everyone. Its data channels are ordered, so every device gets
// the bot's last moves before the hand-back, and the returning player's device (told on
// connecting that a bot plays its seat) moves only after it: the bot and the player never
// both play the seat.

// seatBot is a bot playing an away player's seat.
type seatBot struct {
	runner string // the player whose device runs the bot
	level  string
}

// BotLevel implements BotHost: the level of the bot playing seat p while its player is away, or "".
func (o *Online) BotLevel(p int) string { return o.seatBots[p].level }

// LetBotPlay has a bot of level, run on this device, play seat while its player is away.
func (o *Online) LetBotPlay(seat int, level string) error {
	refuse := func(msg string) error {
		o.notify(msg, true)
		return &Error{Msg: msg}
	}
	if o.phase != PhasePlaying {
		return refuse("The game has not started yet.")
	}
	if !isBotLevel(level) {
		return refuse(fmt.Sprintf("%q is not a bot level.", level))
	}
	players := o.saved.Online.Players
	if seat < 0 || seat >= len(players) || players[seat] == o.me {
		return refuse("A bot can only play another player's seat.")
	}
	if o.connected(players[seat]) {
		return refuse(o.playerName(players[seat]) + " is here: a bot plays a seat only while its player is away.")
	}
	if sb := o.seatBots[seat]; sb.runner != "" && sb.runner != o.me {
		return refuse(fmt.Sprintf("%s on %s's device already plays for %s.", capital(aBot(sb.level)), o.playerName(sb.runner), o.playerName(players[seat])))
	}
	if o.bots.brain == nil {
		return refuse("Bots cannot play on this device.")
	}
	o.seatBots[seat] = seatBot{runner: o.me, level: level}
	o.broadcast(o.seatBotMessage(seat))
	o.notify(fmt.Sprintf("%s on your device plays for %s while they are away.", capital(aBot(level)), o.playerName(players[seat])), false)
	o.stepBots()
	return nil
}

// seatBotMessage says that this device's bot plays seat; with no bot there, that the seat
// is handed back.
func (o *Online) seatBotMessage(seat int) wireMessage {
	return wireMessage{Type: msgSeatBot, Game: o.saved.ID, At: seat, Level: o.botHere(seat)}
}

// tellSeatBots tells a newly connected device which seats this device's bots play.
func (o *Online) tellSeatBots(peer string) {
	for seat, sb := range o.seatBots {
		if sb.runner == o.me {
			o.send(peer, o.seatBotMessage(seat))
		}
	}
}

// onSeatBot records that another device's bot plays a seat, or hands the seat back.
func (o *Online) onSeatBot(r *remote, m wireMessage) {
	players := o.saved.Online.Players
	if o.phase != PhasePlaying || m.Game != o.saved.ID || o.seatOf(r.player) < 0 || m.At >= len(players) {
		return
	}
	seat, current := m.At, o.seatBots[m.At]
	if m.Level == "" {
		if current.runner == r.player {
			o.handBack(seat)
		}
		return
	}
	if players[seat] == r.player || current.runner == r.player {
		return // nobody plays their own seat as a bot; a repeat changes nothing
	}
	// Two devices let a bot play the same seat at once: every device keeps the bot of the
	// lower seat's device, so all agree on one.
	if current.runner != "" && o.seatOf(current.runner) < o.seatOf(r.player) {
		return
	}
	o.seatBots[seat] = seatBot{runner: r.player, level: m.Level}
	o.dirty = true
	switch {
	case players[seat] == o.me:
		o.notify(fmt.Sprintf("%s on %s's device played for you while you were away; it hands your seat back in a moment.", capital(aBot(m.Level)), o.playerName(r.player)), false)
	case current.runner == o.me:
		o.notify(fmt.Sprintf("%s's bot plays for %s; the one on your device stopped.", o.playerName(r.player), o.playerName(players[seat])), false)
	default:
		o.notify(fmt.Sprintf("%s let %s play for %s while they are away.", o.playerName(r.player), aBot(m.Level), o.playerName(players[seat])), false)
	}
}

// seatReturned runs when a player's device is heard again: if this device's bot plays that
// seat, it stops and hands the seat back to everyone.
func (o *Online) seatReturned(player string) {
	seat := o.seatOf(player)
	if seat < 0 || o.seatBots[seat].runner != o.me {
		return
	}
	o.handBack(seat)
	o.broadcast(o.seatBotMessage(seat))
}

// handBack ends the bot's play of seat: its player plays it again.
func (o *Online) handBack(seat int) {
	delete(o.seatBots, seat)
	o.dirty = true
	player := o.saved.Online.Players[seat]
	if player == o.me {
		o.notify("Your seat is yours again.", false)
		return
	}
	o.notify(o.playerName(player)+" is back and plays their own seat again.", false)
}

// runnerLeft stops the bots a departed player's device was running.
func (o *Online) runnerLeft(player string) {
	for seat, sb := range o.seatBots {
		if sb.runner == player {
			delete(o.seatBots, seat)
			o.notify(fmt.Sprintf("The bot playing for %s stopped: %s left.", o.playerName(o.saved.Online.Players[seat]), o.playerName(player)), true)
		}
	}
}

// mayPlay reports whether a player's device may send moves for seat: its own, or one its
// bot plays.
func (o *Online) mayPlay(player string, seat int) bool {
	players := o.saved.Online.Players
	if seat < 0 || seat >= len(players) {
		return false
	}
	return players[seat] == player || o.seatBots[seat].runner == player
}

// botHere is the level of the bot this device runs for seat, or "".
func (o *Online) botHere(seat int) string {
	if sb := o.seatBots[seat]; sb.runner == o.me {
		return sb.level
	}
	return ""
}

// BotProblem implements BotHost: why this device's seat bot last failed to choose.
func (o *Online) BotProblem() string { return o.bots.problem }

// stepBots lets this device's seat bots play when one of their seats is to act.
func (o *Online) stepBots() {
	if o.game != nil && o.phase == PhasePlaying {
		o.bots.step(o.Game, o.botHere, o.play)
	}
}

// aBot is "an Easy bot", "a Medium bot", "a Hard bot".
func aBot(level string) string {
	name := BotLevelName(level)
	if level == "easy" {
		return "an " + name + " bot"
	}
	return "a " + name + " bot"
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

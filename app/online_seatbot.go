package app

import (
	"fmt"
	"strings"
)

// A bot can take the seat of a player who left: any player still here lets a bot of a chosen
// level play it, on their own device, until the absent player comes back. The other devices
// accept that seat's moves from the device running the bot, and validate them like any move.

// seatBot is a bot playing an away player's seat.
type seatBot struct {
	runner string // the player whose device runs the bot
	level  string
}

// BotLevel is the level of the bot playing seat p while its player is away, or "".
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
	if o.bots.brain == nil {
		return refuse("Bots cannot play on this device.")
	}
	o.seatBots[seat] = seatBot{runner: o.me, level: level}
	o.broadcast(wireMessage{Type: msgSeatBot, Game: o.saved.ID, At: seat, Level: level})
	o.notify(fmt.Sprintf("%s on your device plays for %s while they are away.", capital(aBot(level)), o.playerName(players[seat])), false)
	o.stepBots()
	return nil
}

// onSeatBot records that another device's bot plays an away player's seat.
func (o *Online) onSeatBot(r *remote, m wireMessage) {
	players := o.saved.Online.Players
	if o.phase != PhasePlaying || m.Game != o.saved.ID || o.seatOf(r.player) < 0 || m.At >= len(players) {
		return
	}
	if p := players[m.At]; p == o.me || p == r.player {
		return // this device's player is here; nobody plays their own seat as a bot
	}
	o.seatBots[m.At] = seatBot{runner: r.player, level: m.Level}
	o.notify(fmt.Sprintf("%s let %s play for %s while they are away.", o.playerName(r.player), aBot(m.Level), o.playerName(players[m.At])), false)
}

// seatReturned gives a seat back to its player, who is here again.
func (o *Online) seatReturned(player string) {
	seat := o.seatOf(player)
	if _, ok := o.seatBots[seat]; !ok {
		return
	}
	delete(o.seatBots, seat)
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

// stepBots lets this device's seat bots play when one of their seats is to act.
func (o *Online) stepBots() {
	if o.game != nil && o.phase == PhasePlaying {
		o.bots.step(o.game, o.botHere, o.play)
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

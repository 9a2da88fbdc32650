package online

import "fmt"

// Seat bots. Any player still here may let a bot, run on their own device, play the seat of a
// player who is away; the other devices take that seat's moves from the bot's device, signed
// by its key and marked as a bot's. Seats belong to their players, and each device decides
// from what it saw itself:
//   - a device accepts a bot for seat S only while it sees S's player away itself (its own
//     connection and heartbeat), and answers the claim; the bot moves only once every device
//     connected to its runner accepted, so no device that sees the player is sent its moves;
//   - a device never accepts a bot on its own seat: a claim on it is refused and named. A
//     bot's move for its seat is accepted only as history it was brought on coming back to
//     the room (its history window, peers.go), and it then tells its player; once it has
//     caught up, a bot's move for its seat is refused and its runner named;
//   - a bot's move for another seat is accepted when this device accepted that bot, or as
//     history before this device caught up; a bot it refused does not play;
//   - the runner hands the seat back as soon as it hears the player, or any device tells it
//     the player is back; its channels are ordered, so its bot's last moves arrive first;
//   - a device that sees the player back and gets no hand-back within Timing.Grace stops
//     taking the bot's moves for that seat, and the player plays it again.
// What another device says of who is away, or how many moves it holds, decides none of this.
// A partition (the runner cannot reach the player, another device can) can still make
// devices see the player differently; each then keeps what it validated and names the device
// that differs.

// seatBot is a bot playing an away player's seat: the seat whose device runs it, its level,
// and, while its player is back but not yet handed the seat, the grace timer's generation.
type seatBot struct {
	runner int
	level  string
	grace  int // 0: no grace running
	// On the runner's device: the seats whose devices accepted the claim. The bot moves only
	// once every device connected here did, so no device that sees the player here is ever
	// sent a bot's move for them.
	accepted map[int]bool
}

// BotLevel is the level of the bot playing seat while its player is away, or "".
func (r *Replica) BotLevel(seat int) string {
	if b, ok := r.StandInFor(seat); ok {
		return b.Level
	}
	return r.bots[seat].level
}

// BotHere is the level of the bot this device runs for seat, or "".
func (r *Replica) BotHere(seat int) string {
	if b, ok := r.StandInFor(seat); ok && b.Runner == r.seat {
		return b.Level
	}
	if b, ok := r.bots[seat]; ok && b.runner == r.seat {
		return b.level
	}
	return ""
}

// BotToMove is the seat a bot on this device must move for now, or −1: its seat is to act,
// and every device connected here accepted the bot.
func (r *Replica) BotToMove() int {
	if r.pace != nil {
		return r.paceToMove()
	}
	g := r.ledger.Game()
	if r.halt.stopped() || g.Over() || r.behind() {
		return -1
	}
	seat := g.State().Actor()
	b, ok := r.bots[seat]
	if !ok || b.runner != r.seat {
		return -1
	}
	for _, p := range r.peers {
		if p.seat >= 0 && p.open && !b.accepted[p.seat] {
			return -1
		}
	}
	return seat
}

// LetBotPlay has a bot of level, run on this device, play seat while its player is away.
func (r *Replica) LetBotPlay(seat int, level string) error {
	defer r.after()
	refuse := func(format string, args ...any) error {
		err := fmt.Errorf(format, args...)
		r.notify(true, "%s", err)
		return err
	}
	switch {
	case r.halt.stopped():
		return refuse("%s", r.halt.why)
	case !botLevel(level):
		return refuse("%q is not a bot level.", level)
	case seat < 0 || seat >= len(r.ledger.genesis.Keys) || seat == r.seat:
		return refuse("A bot can only play another player's seat.")
	case r.pace != nil:
		if err := r.letStandIn(seat, level); err != nil {
			return refuse("%s", err)
		}
		return nil
	case r.present(seat):
		return refuse("%s is here: a bot plays a seat only while its player is away.", capital(r.name(seat)))
	case r.cards.dealt():
		return refuse("The devices deal this game's cards, so no bot can play %s's seat: it would need their cards. The game waits for them.", r.name(seat))
	}
	if b, ok := r.bots[seat]; ok && b.runner != r.seat {
		return refuse("A bot on %s already plays for %s.", r.device(b.runner), r.name(seat))
	}
	r.bots[seat] = seatBot{runner: r.seat, level: level, accepted: map[int]bool{}}
	r.broadcast(message{Type: msgSeatBot, Seat: seat, Level: level})
	r.notify(false, "%s on your device plays for %s while they are away.", capital(aBot(level)), r.name(seat))
	return nil
}

// tellSeatBots greets a newly connected device with the seats this device's bots play, and
// tells a returning player's device of any bot playing its seat.
func (r *Replica) tellSeatBots(id string) {
	if r.pace != nil {
		return // (an own-pace game's stand-ins are in its log, for every device to read)
	}
	for seat := range r.ledger.genesis.Keys {
		b, ok := r.bots[seat]
		switch {
		case !ok:
		case b.runner == r.seat:
			r.send(id, message{Type: msgSeatBot, Seat: seat, Level: b.level})
		default:
			runner := b.runner
			r.send(id, message{Type: msgSeatBot, Seat: seat, Level: b.level, Runner: &runner})
		}
	}
}

// onSeatBot takes another device's claim that its bot plays a seat (answering it), a relayed
// claim on this device's own seat, or a hand-back.
func (r *Replica) onSeatBot(p *peer, m message) {
	seat, runner := m.Seat, p.seat
	if m.Runner != nil && *m.Runner != p.seat {
		// Relayed: only for this device's own seat, while it is still catching up on the
		// moves made while it was away, so that it waits for the hand-back.
		if seat == r.seat && r.horizon < 0 && p.greeting && *m.Runner != r.seat && m.Level != "" && !r.hasBot(seat) {
			r.takeOwnSeatBot(*m.Runner, m.Level)
		}
		return
	}
	current, has := r.bots[seat]
	if m.Level == "" {
		if has && current.runner == runner {
			r.handBack(seat)
		}
		return
	}
	answer := func(yes bool) { r.send(p.id, message{Type: msgSeatBotOK, Seat: seat, Yes: yes}) }
	switch {
	case seat == runner:
		return // nobody plays their own seat as a bot
	case r.cards.dealt():
		// No bot plays another's cards: refused, and the player's own device does not wait
		// for a hand-back that will never come.
		r.notify(true, "%s tried to let a bot play %s seat in a game whose cards the devices deal; refused.", capital(r.device(runner)), r.possessive(seat))
		answer(false)
		return
	case has && current.runner == runner:
		answer(seat != r.seat) // a repeat (a reconnection's greeting)
		return
	case seat == r.seat && r.horizon < 0 && p.greeting:
		// The bot that played this seat while this device was away: it hands the seat back
		// on the no, and this device waits for that (Timing.Grace).
		r.takeOwnSeatBot(runner, m.Level)
		return
	case seat == r.seat && r.botPlayedMySeat(runner):
		// The claim of a bot that did play this seat, arriving once this device has its
		// moves (another device brought them first): the player is back, and was told so
		// from the record (tellBotPlayed). No is the hand-back's cue, not an accusation.
		answer(false)
		return
	case seat == r.seat:
		r.notify(true, "%s tried to let a bot play your seat while you are here; refused.", capital(r.device(runner)))
		answer(false)
		return
	case r.present(seat):
		r.notify(true, "%s tried to let a bot play %s's seat, but %s is here; refused.", capital(r.device(runner)), r.name(seat), r.name(seat))
		answer(false)
		return
	case has && current.runner < runner:
		answer(false) // two devices let a bot play one seat: every device keeps the lower seat's
		return
	}
	answer(true)
	r.bots[seat] = seatBot{runner: runner, level: m.Level}
	r.notify(false, "%s let %s play for %s while they are away.", capital(r.name(runner)), aBot(m.Level), r.name(seat))
}

// botPlayedMySeat reports whether the record shows runner's bot playing this device's seat
// since its player last played it: a move for the seat marked as a bot's and signed with
// runner's key, which every device checked when it accepted it.
func (r *Replica) botPlayedMySeat(runner int) bool {
	key := r.ledger.genesis.Keys[runner]
	for i := r.ledger.Len() - 1; i >= 0; i-- {
		s := r.ledger.At(i)
		if s.Move.Player != r.seat {
			continue
		}
		return s.Bot && s.Signer == key // the seat's latest move: the runner's bot's, or the player's own
	}
	return false
}

// tellBotPlayed tells the player, once, that a bot played their seat while they were away,
// when a catch-up (moves from index from on) brought its signed moves and no claim of the
// bot's came first: the bot's device may have handed the seat back before this one
// connected to it (another device said the player was back), so no claim ever comes.
func (r *Replica) tellBotPlayed(from int) {
	if r.toldBot || r.hasBot(r.seat) {
		return
	}
	for i := max(from, 0); i < r.ledger.Len(); i++ {
		s := r.ledger.At(i)
		if !s.Bot || s.Move.Player != r.seat {
			continue
		}
		if runner := r.ledger.genesis.seatOf(s.Signer); runner >= 0 {
			r.toldBot = true
			r.notify(false, "A bot on %s played for you while you were away.", r.device(runner))
			r.notify(false, "Your seat is yours again.")
			return
		}
	}
}

// takeOwnSeatBot: a bot played this device's seat while it was away; it asks for the seat
// back and waits for the hand-back, at most Timing.Grace.
func (r *Replica) takeOwnSeatBot(runner int, level string) {
	r.bots[r.seat] = seatBot{runner: runner, level: level, grace: r.out.schedule(TimerGrace, r.seat, r.timing.Grace)}
	r.toldBot = true
	r.notify(false, "%s on %s played for you while you were away; it hands your seat back in a moment.", capital(aBot(level)), r.device(runner))
	if p := r.peerOf(runner); p != nil {
		r.send(p.id, message{Type: msgSeatBotOK, Seat: r.seat}) // I am back
	}
}

// onSeatBotAnswer counts a device's answer to this device's claim; a no (the player is
// there, or came back) ends the bot.
func (r *Replica) onSeatBotAnswer(p *peer, m message) {
	b, ok := r.bots[m.Seat]
	if !ok || b.runner != r.seat {
		if !m.Yes {
			// Told of a bot this device does not run (any more): say it is handed back.
			r.send(p.id, message{Type: msgSeatBot, Seat: m.Seat})
		}
		return
	}
	if m.Yes {
		if m.Seat != p.seat {
			b.accepted[p.seat] = true
			r.out.ready.Changed = true
		}
		return
	}
	if r.forked[p.seat] {
		return // (a device that holds another game has no say in this one's bots)
	}
	r.handBack(m.Seat)
	r.broadcast(message{Type: msgSeatBot, Seat: m.Seat})
}

// returned runs when a seat's player is here again: this device's bot hands the seat back at
// once; another device's bot is told, and has Timing.Grace to do so.
func (r *Replica) returned(seat int) {
	b, ok := r.bots[seat]
	switch {
	case !ok || !r.present(seat): // (a device that holds another game is not back in this one)
	case b.runner == r.seat:
		r.handBack(seat)
		r.broadcast(message{Type: msgSeatBot, Seat: seat})
	case b.grace == 0:
		if p := r.peerOf(b.runner); p != nil {
			r.send(p.id, message{Type: msgSeatBotOK, Seat: seat})
		}
		b.grace = r.out.schedule(TimerGrace, seat, r.timing.Grace)
		r.bots[seat] = b
	}
}

// graceOver ends a bot whose player is back and whose runner did not hand the seat back.
func (r *Replica) graceOver(seat, gen int) {
	b, ok := r.bots[seat]
	if !ok || b.grace != gen || seat != r.seat && !r.present(seat) {
		return
	}
	delete(r.bots, seat)
	r.notify(true, "The bot on %s did not hand back %s seat in time; its moves for it are refused from now on.", r.device(b.runner), r.possessive(seat))
}

func (r *Replica) possessive(seat int) string {
	if seat == r.seat {
		return "your"
	}
	return r.name(seat) + "'s"
}

// handBack ends the bot's play of seat: its player plays it again.
func (r *Replica) handBack(seat int) {
	delete(r.bots, seat)
	if seat == r.seat {
		r.notify(false, "Your seat is yours again.")
		return
	}
	r.notify(false, "%s is back and plays their own seat again.", capital(r.name(seat)))
}

// runnerLeft stops the bots a departed player's device was running.
func (r *Replica) runnerLeft(runner int) {
	for seat := range r.ledger.genesis.Keys {
		if b, ok := r.bots[seat]; ok && b.runner == runner {
			delete(r.bots, seat)
			r.notify(true, "The bot playing for %s stopped: %s left.", r.name(seat), r.name(runner))
		}
	}
}

// botMayMove is the ledger's policy for a bot's move at index from runner's key: the bot this
// device accepted for another seat, or history made before this device caught up in its room
// session. What a peer claims plays no part.
func (r *Replica) botMayMove(seat, runner, index int) bool {
	if r.cards.dealt() {
		return false // no bot plays another's cards in a dealt game
	}
	if r.pace != nil {
		return r.paceBotMayMove(seat, runner)
	}
	if b, ok := r.bots[seat]; ok && b.runner == runner && seat != r.seat {
		return true
	}
	return runner != seat && r.inWindow(index)
}

// refusedBot names a bot's move this device refused: for its own seat, one made while its
// player is here; for another, one of a bot it did not accept. The device that sent it holds
// another history from there.
func (r *Replica) refusedBot(p *peer, s Signed) {
	runner := r.ledger.genesis.seatOf(s.Signer)
	if s.Seat() == r.seat {
		r.notify(true, "%s sent a bot's move for your seat (move %d, signed by %s) while you are here; refused.", capital(r.peerName(p)), s.Index+1, r.device(runner))
	} else {
		r.notify(true, "Refused a bot's move for %s's seat (move %d) from %s: this device did not accept that bot.", r.name(s.Seat()), s.Index+1, r.device(runner))
	}
	r.forked[p.seat] = true
	r.differ(p.seat, s.Index-1)
}

// aBot is "an Easy bot", "a Medium bot", "a Hard bot".
func aBot(level string) string {
	switch level {
	case "easy":
		return "an Easy bot"
	case "medium":
		return "a Medium bot"
	}
	return "a Hard bot"
}

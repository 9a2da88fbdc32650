package app

// A bot can take the seat of a player who is away: any player still here lets a bot of a
// chosen level play it, on their own device, until the absent player comes back. The rules
// that keep seats with their players (every device connected to the bot's device must see the
// player away; the player's own device never accepts a bot on its seat once it has caught up;
// the seat is handed back when the player returns) are the Replica's
// (app/online/seatbot.go); this is the shell's part: the screen's calls and the bot that
// thinks on this device.

// BotLevel implements BotHost: the level of the bot playing seat p while its player is away, or "".
func (o *Online) BotLevel(p int) string {
	if r, ok := o.game(); ok {
		return r.BotLevel(p)
	}
	return ""
}

// LetBotPlay has a bot of level, run on this device, play seat while its player is away.
func (o *Online) LetBotPlay(seat int, level string) error {
	r, ok := o.game()
	refuse := func(msg string) error {
		o.notify(Notice{Text: msg, Bad: true})
		return &Error{Msg: msg}
	}
	switch {
	case !ok:
		return refuse(errNotStarted.Msg)
	case o.bots.brain == nil:
		return refuse("Bots cannot play on this device.")
	}
	err := r.LetBotPlay(seat, level)
	o.flush()
	if err != nil {
		return &Error{Msg: err.Error(), Err: err}
	}
	return nil
}

// BotProblem implements BotHost: why this device's seat bot last failed to choose.
func (o *Online) BotProblem() string { return o.bots.problem }

// stepBots lets this device's seat bot think when its seat is to act and every device here
// accepted it.
func (o *Online) stepBots() {
	if _, ok := o.game(); ok {
		o.bots.step(o.Game, o.botToMove, o.play)
	}
}

// botToMove is the level of this device's bot for seat when it is the one to move now.
func (o *Online) botToMove(seat int) string {
	r, ok := o.game()
	if !ok || r.BotToMove() != seat {
		return ""
	}
	return r.BotHere(seat)
}

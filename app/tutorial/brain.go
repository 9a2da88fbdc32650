package tutorial

import "brass/app"

// brain plays the script's moves for the opponent's seat, and answers a hint with the move
// the script asks for; past the script, or off it, the inner brain (the bots' worker)
// thinks as for any game.
type brain struct {
	script *Script
	say    map[int]string // a scripted move's index → its step's words, the hint's reason
	inner  app.Brain
}

// Brain wraps a session's brain for a tutorial game.
func Brain(s *Script, inner app.Brain) app.Brain {
	b := &brain{script: s, say: map[int]string{}, inner: inner}
	k := 0
	for _, st := range s.Steps {
		if st.Move != nil {
			b.say[k] = st.Say
			k++
		}
	}
	return b
}

// Think implements app.Brain.
func (b *brain) Think(req app.BotRequest, done func(app.BotReply)) {
	moves := req.Record.Moves
	if m, ok := b.script.Next(moves); ok && m.Player == req.Seat && (req.Hint || req.Seat != Player) {
		done(app.BotReply{Move: m, Reason: b.say[len(moves)]})
		return
	}
	if b.inner == nil {
		done(app.BotReply{Error: "no bot is available"})
		return
	}
	b.inner.Think(req, done)
}

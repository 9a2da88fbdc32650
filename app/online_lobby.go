package app

import (
	"crypto/rand"
	"fmt"

	"brass/app/online"
	"brass/engine"
)

// The lobby: players gather in the room, the host keeps the list of seats (first come, first
// seated; a colour already taken is swapped for a free one) and starts the game when every
// seat is filled and every player connected. Then all devices draw the seed together.

// lobbyHello seats a player who said hello (host).
func (o *Online) lobbyHello(r *remote, m wireMessage) {
	if !o.host {
		return
	}
	for i := range o.lobby {
		if o.lobby[i].Player == m.Player {
			o.lobby[i].Name, o.lobby[i].Colour = m.Name, o.freeColour(m.Colour, m.Player)
			o.broadcastLobby()
			return
		}
	}
	if len(o.lobby) < o.size {
		o.lobby = append(o.lobby, lobbySeat{Player: m.Player, Name: m.Name, Colour: o.freeColour(m.Colour, m.Player)})
	}
	o.broadcastLobby()
}

// freeColour returns the colour a player asked for, or the first palette colour no other
// seat has.
func (o *Online) freeColour(want, player string) string {
	taken := func(c string) bool {
		for _, s := range o.lobby {
			if s.Player != player && s.Colour == c {
				return true
			}
		}
		return false
	}
	if c, ok := PaletteColour(want); ok && !taken(c) {
		return c
	}
	for _, p := range Palette {
		if !taken(p.CSS) {
			return p.CSS
		}
	}
	return Palette[0].CSS
}

func (o *Online) broadcastLobby() {
	o.dirty = true
	o.broadcast(wireMessage{Type: msgLobby, Size: o.size, Seats: o.lobby, Host: o.me})
}

// onLobby takes the host's list of seats, only from the device the signalling server named
// the room's host: any device that knows the code may be in the room and claim to be it.
func (o *Online) onLobby(r *remote, m wireMessage) {
	if o.phase != PhaseLobby || o.host {
		return
	}
	if !o.hostNamed(r) {
		o.notify("Ignored a list of seats from "+o.peerName(r)+": the server did not name that device the room's host.", true)
		return
	}
	if r.player != m.Host || (o.lobbyHost != "" && o.lobbyHost != m.Host) {
		return
	}
	o.dirty = true
	o.lobbyHost, o.size = m.Host, m.Size
	o.lobby = append([]lobbySeat(nil), m.Seats...)
	for _, s := range o.lobby {
		if s.Player == o.me {
			o.colour = s.Colour // the host may have given another colour
			return
		}
	}
	if len(o.lobby) >= o.size {
		o.notify("The room is full: all its seats are taken.", true)
	}
}

// hostNamed reports whether the signalling server named the device the room's host. The
// lobby and the start are taken only from it: a device's player id is only its own claim.
func (o *Online) hostNamed(r *remote) bool {
	return o.namedHost != nil && o.namedHost(r.peer)
}

// lobbyLeft frees the seat of a player who left before the start.
func (o *Online) lobbyLeft(r *remote) {
	if !o.host {
		return
	}
	for i, s := range o.lobby {
		if s.Player == r.player {
			o.lobby = append(o.lobby[:i], o.lobby[i+1:]...)
			o.broadcastLobby()
			return
		}
	}
}

// SetProfile changes this player's name and colour in the lobby.
func (o *Online) SetProfile(name, colour string) error {
	if o.phase != PhaseLobby {
		return &Error{Msg: "Names and colours are fixed once the game starts."}
	}
	name, colour, err := ValidateProfile(name, colour)
	if err != nil {
		return &Error{Msg: err.Error(), Err: err}
	}
	o.name, o.colour = name, colour
	if o.host {
		o.lobby[0].Name, o.lobby[0].Colour = name, o.freeColour(colour, o.me)
		o.colour = o.lobby[0].Colour
		o.broadcastLobby()
		return nil
	}
	o.broadcast(o.hello(true)) // a new name to peers already greeted
	return nil
}

// Size is the number of players the room is for.
func (o *Online) Size() int { return o.size }

// CanStart reports whether the host may start: every seat taken and every player connected.
func (o *Online) CanStart() bool {
	if !o.host || o.phase != PhaseLobby || len(o.lobby) != o.size {
		return false
	}
	for _, s := range o.lobby {
		if !o.connected(s.Player) {
			return false
		}
	}
	return true
}

// Start is the host's: it fixes the seats and begins the seed draw.
func (o *Online) Start() error {
	if !o.CanStart() {
		return &Error{Msg: fmt.Sprintf("The game starts when all %d seats are taken and every player is connected.", o.size)}
	}
	cfg := startConfig{Edition: o.setup.Edition, Rules: o.setup.Rules, Players: o.size, Introductory: o.setup.Introductory, Dealt: o.setup.Dealt}
	var players []string
	for _, s := range o.lobby {
		cfg.Names = append(cfg.Names, s.Name)
		cfg.Colours = append(cfg.Colours, s.Colour)
		players = append(players, s.Player)
	}
	if _, err := ValidateNames(cfg.Names, cfg.Players); err != nil {
		return &Error{Msg: err.Error(), Err: err}
	}
	start := wireMessage{Type: msgStart, Game: newPlayerID(), Host: o.me, Config: &cfg, Players: players}
	o.sendStart(start)
	o.beginDraw(start)
	return nil
}

// onStart takes the host's start.
func (o *Online) onStart(r *remote, m wireMessage) {
	if o.phase != PhaseLobby || r.player != o.lobbyHost || m.Host != o.lobbyHost || !o.hostNamed(r) {
		return
	}
	seated := false
	for _, p := range m.Players {
		seated = seated || p == o.me
	}
	if !seated {
		o.fail("The host started the game without you.")
		return
	}
	if _, err := ValidateNames(m.Config.Names, m.Config.Players); err != nil {
		o.notify("The host's start was refused: "+sentenceFragment(err.Error()), true)
		return
	}
	if _, err := ValidateColours(m.Config.Colours, m.Config.Players); err != nil {
		o.notify("The host's start was refused: "+sentenceFragment(err.Error()), true)
		return
	}
	if _, ok := engine.EditionFor(m.Config.Edition, m.Config.Rules); !ok {
		o.notify("The host's start was refused: this version does not know the edition "+m.Config.Edition+" with the rules \""+m.Config.Rules+"\".", true)
		return
	}
	o.roomSecret = m.RoomSecret // this game's devices reopen the room with it
	m.RoomSecret = ""
	o.beginDraw(m)
}

// beginDraw commits to this device's secret and waits for the others'.
func (o *Online) beginDraw(start wireMessage) {
	o.dirty = true
	o.phase = PhaseSeeding
	o.drawStart = &start
	o.draw = newSeedDraw(start.Game, start.Players)
	// This device's key for the game: bound to its seat by the commitment, before the seed.
	id, err := online.NewIdentity(rand.Reader)
	if err != nil {
		o.fail("This device cannot make a key for the game: " + sentenceFragment(err.Error()))
		return
	}
	o.identity = id
	key := string(id.Public())
	c := commitment(start.Game, o.me, key, o.draw.secret)
	o.draw.commits[o.me], o.draw.keys[o.me] = c, key
	o.broadcast(wireMessage{Type: msgCommit, Game: start.Game, Player: o.me, Commit: c, Key: key})
	early := o.earlySeeds
	o.earlySeeds = nil
	for _, m := range early {
		if m.Game == start.Game {
			o.seedMessage(m)
		}
	}
	o.maybeReveal()
}

// onSeed takes a commitment, a secret or an initial hash from a peer.
func (o *Online) onSeed(r *remote, m wireMessage) {
	if m.Player != r.player {
		o.notify(o.peerName(r)+" sent a seed message for another player; it was ignored.", true)
		return
	}
	if o.draw == nil || o.draw.game != m.Game {
		if o.phase == PhaseLobby && len(o.earlySeeds) < 3*MaxPlayers {
			o.earlySeeds = append(o.earlySeeds, m) // it came before the host's start
		}
		return
	}
	o.seedMessage(m)
}

func (o *Online) seedMessage(m wireMessage) {
	d := o.draw
	if !d.seated(m.Player) {
		return
	}
	record := func(into map[string]string, value, what string) bool {
		if old, ok := into[m.Player]; ok && old != value {
			o.abortDraw(o.playerName(m.Player) + " sent two different " + what + ".")
			return false
		}
		into[m.Player] = value
		return true
	}
	switch m.Type {
	case msgCommit:
		if record(d.commits, m.Commit, "commitments") && record(d.keys, m.Key, "keys") {
			o.maybeReveal()
		}
	case msgReveal:
		if record(d.reveals, m.Secret, "secrets") {
			o.maybeSeed()
		}
	case msgSeeded:
		if record(d.seeded, m.Hash, "initial states") {
			o.maybePlay()
		}
	}
}

// maybeReveal sends this device's secret once every commitment is in: no one can then
// choose a secret knowing another's.
func (o *Online) maybeReveal() {
	d := o.draw
	if d == nil || d.revealed || !d.allCommitted() {
		return
	}
	d.revealed = true
	d.reveals[o.me] = d.secret
	o.broadcast(wireMessage{Type: msgReveal, Game: d.game, Player: o.me, Secret: d.secret})
	o.maybeSeed()
}

// maybeSeed checks every secret and builds the game once all are in.
func (o *Online) maybeSeed() {
	d := o.draw
	if d == nil || !d.allRevealed() || d.seeded[o.me] != "" {
		return
	}
	seed, err := d.verify(o.playerName)
	if err != nil {
		o.fail(sentence(err.Error()))
		return
	}
	c := o.drawStart.Config
	g, err := engine.NewGame(engine.Config{Edition: c.Edition, Rules: c.Rules, Players: c.Players, Seed: seed, Names: c.Names, Introductory: c.Introductory, Dealt: c.Dealt})
	if err != nil {
		o.fail("The game cannot be set up: " + sentenceFragment(err.Error()))
		return
	}
	o.pending = g
	h := hashString(g.Hash())
	d.seeded[o.me] = h
	o.broadcast(wireMessage{Type: msgSeeded, Game: d.game, Player: o.me, Hash: h})
	o.maybePlay()
}

// maybePlay starts the game once every device reports the same initial state.
func (o *Online) maybePlay() {
	d := o.draw
	if d == nil || o.pending == nil || len(d.seeded) < len(d.players) {
		return
	}
	mine := d.seeded[o.me]
	for _, p := range d.players {
		if d.seeded[p] != mine {
			o.fail(fmt.Sprintf("%s's device set up a different game from the same seed; the game cannot start.", o.playerName(p)))
			return
		}
	}
	s := o.drawStart
	meta := &onlineMeta{Room: o.room, Me: o.me, Host: s.Host, Players: s.Players, RoomSecret: o.roomSecret, KeySeed: o.identity.Seed()}
	for _, p := range s.Players {
		meta.Commits = append(meta.Commits, d.commits[p])
		meta.Secrets = append(meta.Secrets, d.reveals[p])
		meta.Keys = append(meta.Keys, online.PublicKey(d.keys[p]))
	}
	rep, err := online.NewReplica(o.identity, meta.genesis(s.Game, o.pending.Config()), nil, nil, online.DefaultTiming, rand.Reader)
	if err != nil {
		o.fail("The game cannot start: " + sentenceFragment(err.Error()))
		return
	}
	now := o.opts.Now().UnixMilli()
	o.saved = savedGame{ID: s.Game, Created: now, Updated: now, Colours: s.Config.Colours, Online: meta}
	o.rep, o.pending = rep, nil
	o.draw, o.drawStart = nil, nil
	o.phase = PhasePlaying
	o.save()
	o.notify("Every player's secret checked out: the seed is drawn and the game begins.", false)
	// The game's own protocol starts on every open connection, then takes what came early.
	rep.Entered(o.self)
	for _, id := range o.openPeers() {
		rep.PeerOpened(id)
	}
	early := o.earlyPlay
	o.earlyPlay = nil
	for _, e := range early {
		if r := o.remotes[e.peer]; r != nil {
			o.playMessage(r, e.data)
		}
	}
	o.flush()
}

// abortDraw goes back to the lobby; the host may start again.
func (o *Online) abortDraw(why string) {
	o.draw, o.drawStart, o.pending = nil, nil, nil
	o.phase = PhaseLobby
	o.notify(why+" The host can start again.", true)
}

// resendSeed repeats this device's part of the draw to a player who (re)connected during it.
func (o *Online) resendSeed(r *remote) {
	d := o.draw
	if d == nil {
		return
	}
	if o.host && o.drawStart != nil {
		o.send(r.peer, o.startFor(r.player, *o.drawStart))
	}
	o.send(r.peer, wireMessage{Type: msgCommit, Game: d.game, Player: o.me, Commit: d.commits[o.me], Key: d.keys[o.me]})
	if d.revealed {
		o.send(r.peer, wireMessage{Type: msgReveal, Game: d.game, Player: o.me, Secret: d.secret})
	}
	if h := d.seeded[o.me]; h != "" {
		o.send(r.peer, wireMessage{Type: msgSeeded, Game: d.game, Player: o.me, Hash: h})
	}
}

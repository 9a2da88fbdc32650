package app

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"brass/app/mailroom"
	"brass/app/online"
	"brass/engine"
	"brass/mailbox"
)

// An own-pace game is an online game whose devices need never be online together: the same
// protocol cores run over the game's mailbox on the server (package app/mailroom) instead of
// the WebRTC mesh. While the players gather, the core is the mailbox's lobby
// (mailroom.Lobby: seats taken as players arrive, the seed drawn by commit-reveal as their
// devices are next opened); then it is the game's Replica, as in a live game, and every
// screen of the online game is the same. Whenever the page is open, the session stays
// connected to the mailbox, so players who happen to be online together see each other's
// moves at once.
//
// The lobby is stored on the device under its own key (paceLobbyKey) until the game begins:
// it holds the device's key for the game and its secret for the seed, and the game cannot be
// joined again from another device with the same seat. The game is then stored as every
// online game is, with the mailbox's game id, the invitation and the Checkpoint.

// paceMeta is what an own-pace game stores besides an online game's meta.
type paceMeta struct {
	Game       string              `json:"game"`             // the mailbox's game id
	Invite     []byte              `json:"invite,omitempty"` // the invitation's secret (stays on the device)
	TurnLimit  int64               `json:"turn_limit,omitempty"`
	Checkpoint mailroom.Checkpoint `json:"checkpoint"`
	Finished   bool                `json:"finished,omitempty"` // the mailbox was told the game is over
	// The turn under way: whose (TurnActor), since when (TurnSince, Unix ms: the mailbox's
	// time of the move that began it, or this device's clock for its own player's move), at
	// how many moves of the game (TurnMoves). With TurnLimit (seconds) it gives the deadline.
	TurnActor int   `json:"turn_actor"`
	TurnSince int64 `json:"turn_since,omitempty"`
	TurnMoves int   `json:"turn_moves"`
	// Clock is the core's own-pace state (online.PaceState): the turn's start by the
	// mailbox's clock, the bots standing in for players past their time, a move on its way.
	Clock online.PaceState `json:"clock"`
}

// paceLink is an own-pace session's connection to its mailbox.
type paceLink struct {
	url   string
	lobby *mailroom.Lobby // while the players gather
	lsess *mailroom.LobbySession
	sess  *mailroom.Session
	began bool // the lobby handed over: open the game at once
	// visits counts the game's visits: the replica is taken up from the store again after
	// the first (a visit reads the whole log from its start).
	visits  int
	created int64
	// seen is the game's moves when the whom-to-notify was last worked out (nudgeAfter);
	// nudged the nudges sent (a kind, a seat, a move count), nudges their count.
	seen   int
	nudged map[string]bool
	nudges int
	// lastAt is the mailbox's time of the last message this visit took (Unix ms, 0 unknown).
	lastAt int64
}

// paceLobbyKey stores an own-pace lobby on this device until its game begins.
const paceLobbyPrefix = "brass/pace-lobby/"

// paceLobbyRecord is a stored lobby.
type paceLobbyRecord struct {
	Config  mailroom.LobbyConfig `json:"config"`
	Created int64                `json:"created"`
	Updated int64                `json:"updated"`
	// What the start screen shows of it: the seats taken so far.
	Players int      `json:"players"`
	Names   []string `json:"names,omitempty"`
	Colours []string `json:"colours,omitempty"`
	Edition string   `json:"edition,omitempty"`
	Failure string   `json:"failure,omitempty"`
}

// paceLobby is the mailbox's lobby as the online shell reads it (lobbyCore).
type paceLobby struct{ *mailroom.Lobby }

func (p paceLobby) State(player string) PeerState {
	if player == p.Me().Player {
		return PeerYou
	}
	return PeerAway
}

func (p paceLobby) SetProfile(name, colour string) error {
	return errors.New("In a game played at your own pace, each player's name and colour are fixed as they join.")
}

func (p paceLobby) CanStart() bool { return false }

func (p paceLobby) Start(string) error {
	return errors.New("A game played at your own pace starts by itself once every seat is taken and every device has drawn the seed.")
}

func (p paceLobby) RoomSecret() string { return "" }

// HostOwnPace prepares a new own-pace game (2–4 players), with a time for each turn (0:
// none): this device is its host. Connect creates it in the mailbox; Invitation then gives
// the code to share.
func HostOwnPace(store Store, setup GameSetup, turnLimit time.Duration, name, colour string, opts OnlineOptions) (*Online, error) {
	invite := make([]byte, mailroom.InvitationSize)
	_, _ = rand.Read(invite)
	return newOwnPace(store, mailroom.LobbyConfig{Invite: invite, Host: true, Setup: mailroom.Setup{Setup: setup, TurnLimit: int64(turnLimit / time.Second)}}, name, colour, opts)
}

// JoinOwnPace prepares to join an own-pace game by its invitation. A game this device
// already joined (or plays) opens as it is: one device holds one seat.
func JoinOwnPace(store Store, code, name, colour string, opts OnlineOptions) (*Online, error) {
	invite, err := ParseInvitation(code)
	if err != nil {
		return nil, &Error{Msg: "That is not an invitation: " + err.Error() + ".", Err: err}
	}
	id, err := paceGameID(invite)
	if err != nil {
		return nil, &Error{Msg: err.Error(), Err: err}
	}
	if _, err := loadGame(store, id); err == nil {
		return OpenOnline(store, id, opts)
	}
	if ok, _ := store.Get(paceLobbyPrefix+id, &paceLobbyRecord{}); ok {
		return OpenPaceLobby(store, id, opts)
	}
	return newOwnPace(store, mailroom.LobbyConfig{Invite: invite}, name, colour, opts)
}

// paceGameID is the id under which the game of an invitation is stored (its protocol id).
func paceGameID(invite []byte) (string, error) {
	_, id, err := mailroom.GameIDs(invite)
	return id, err
}

func newOwnPace(store Store, cfg mailroom.LobbyConfig, name, colour string, opts OnlineOptions) (*Online, error) {
	opts.defaults()
	name, colour, err := ValidateProfile(name, colour)
	if err != nil {
		return nil, &Error{Msg: err.Error(), Err: err}
	}
	if opts.Mailbox == "" {
		return nil, &Error{Msg: "A game at your own pace needs the server's mailbox."}
	}
	id, err := online.NewIdentity(rand.Reader)
	if err != nil {
		return nil, &Error{Msg: err.Error(), Err: err}
	}
	if cfg.Secret, err = online.NewSecret(rand.Reader); err != nil {
		return nil, &Error{Msg: err.Error(), Err: err}
	}
	cfg.Name, cfg.Colour, cfg.KeySeed = name, colour, id.Seed()
	l, err := mailroom.NewLobby(cfg)
	if err != nil {
		return nil, &Error{Msg: err.Error(), Err: err}
	}
	o := &Online{bots: newBotDriver(opts.BotPause), store: store, opts: opts, core: paceLobby{l}, timers: map[timerKey]timerSpan{},
		pace: &paceLink{url: opts.Mailbox, lobby: l, created: opts.Now().UnixMilli()}}
	if err := o.saveLobby(); err != nil {
		return nil, &Error{Msg: "The game could not be saved on this device: " + sentenceFragment(err.Error()), Err: err}
	}
	return o, nil
}

// OpenPaceLobby reopens an own-pace game this device joined that has not begun.
func OpenPaceLobby(store Store, id string, opts OnlineOptions) (*Online, error) {
	opts.defaults()
	var rec paceLobbyRecord
	ok, err := store.Get(paceLobbyPrefix+id, &rec)
	switch {
	case err != nil:
		return nil, &Error{Msg: "This game's lobby is damaged and cannot be read.", Err: err}
	case !ok:
		return nil, &Error{Msg: "This game no longer exists.", Err: ErrNoGame}
	case opts.Mailbox == "":
		return nil, &Error{Msg: "A game at your own pace needs the server's mailbox."}
	}
	l, err := mailroom.NewLobby(rec.Config)
	if err != nil {
		return nil, &Error{Msg: "This game's lobby is damaged: " + err.Error(), Err: err}
	}
	return &Online{bots: newBotDriver(opts.BotPause), store: store, opts: opts, core: paceLobby{l}, timers: map[timerKey]timerSpan{},
		pace: &paceLink{url: opts.Mailbox, lobby: l, created: rec.Created}}, nil
}

// saveLobby stores the lobby, with what the start screen shows of it.
func (o *Online) saveLobby() error {
	l := o.pace.lobby
	rec := paceLobbyRecord{Config: l.Config(), Created: o.pace.created, Updated: o.opts.Now().UnixMilli(), Players: l.Size(), Failure: l.Failure()}
	for _, s := range l.Seats() {
		rec.Names, rec.Colours = append(rec.Names, s.Name), append(rec.Colours, s.Colour)
	}
	if c := l.Config(); c.Host {
		rec.Players = c.Setup.Players
		rec.Edition = editionName(engine.Config{Edition: c.Setup.Edition, Rules: c.Setup.Rules})
	}
	return o.store.Set(paceLobbyPrefix+l.GameID(), rec)
}

// Pace reports whether the game is played at each player's own pace, over the mailbox.
func (o *Online) Pace() bool { return o.pace != nil }

// Invitation is an own-pace game's invitation code, formatted ("" for a live game, and once
// the game has begun on a device that did not keep it).
func (o *Online) Invitation() string {
	switch {
	case o.pace == nil:
		return ""
	case o.pace.lobby != nil:
		return FormatInvitation(EncodeInvitation(o.pace.lobby.Config().Invite))
	case o.saved.Online != nil && o.saved.Online.Pace != nil && len(o.saved.Online.Pace.Invite) > 0:
		return FormatInvitation(EncodeInvitation(o.saved.Online.Pace.Invite))
	}
	return ""
}

// Awaited names the players whose devices an own-pace game's seed draw waits for.
func (o *Online) Awaited() []string {
	if o.pace == nil || o.pace.lobby == nil {
		return nil
	}
	if _, ok := o.lobby(); !ok {
		return nil
	}
	return o.pace.lobby.Awaited()
}

// paceLoop keeps the session connected to the mailbox: the lobby's visit while the players
// gather, then the game's; a lost connection is opened again with a growing pause.
func (o *Online) paceLoop(ctx context.Context) {
	pause := newBackoff(o.opts.Retry)
	for ctx.Err() == nil {
		framec := make(chan mailbox.Frame, 1)
		o.run(func() { framec <- o.paceFrame() })
		var frame mailbox.Frame
		select {
		case frame = <-framec:
		case <-ctx.Done():
			return
		}
		conn, err := o.opts.MailDial(ctx, o.pace.url, frame)
		var done <-chan struct{}
		if err == nil {
			donec := make(chan (<-chan struct{}), 1)
			o.run(func() { donec <- o.paceOpened(ctx, conn) })
			select {
			case done = <-donec:
			case <-ctx.Done():
				conn.Close()
				return
			}
		} else {
			var me *mailbox.Error
			if errors.As(err, &me) && permanentRefusal(me.Code) {
				o.run(func() { o.paceRefused(me) })
				return
			}
		}
		if done != nil {
			pause.reset()
			select {
			case <-done:
			case <-ctx.Done():
				return
			}
		}
		began := make(chan bool, 1)
		o.run(func() {
			b := o.pace.began
			o.pace.began, o.pace.lsess, o.pace.sess = false, nil, nil
			if !b {
				o.signal = SignalReconnecting
				o.changed()
			}
			began <- b
		})
		select {
		case b := <-began:
			if b {
				continue
			}
		case <-ctx.Done():
			return
		}
		if !pause.wait(ctx) {
			return
		}
	}
}

// paceFrame is how to open the mailbox now: the lobby's (the host's creates the game), or
// the game's, after the checkpoint's message (mailroom.Checkpoint.After).
func (o *Online) paceFrame() mailbox.Frame {
	if _, ok := o.lobby(); ok {
		return o.pace.lobby.Open()
	}
	p := o.saved.Online.Pace
	return mailbox.Frame{Game: p.Game, After: p.Checkpoint.After()}
}

// paceRefused: the mailbox refused the game for good (it does not exist, or is not this one).
func (o *Online) paceRefused(me *mailbox.Error) {
	o.signal = SignalClosed
	why := "The game's mailbox refused it: " + sentenceFragment(me.Message)
	if l, ok := o.lobby(); ok {
		l.Fail(why)
		_ = o.saveLobby()
	} else {
		o.notify(Notice{Text: why, Bad: true})
	}
	o.dirty = false
	o.changed()
}

// paceOpened starts a visit over a connection just opened, on the UI goroutine, and returns
// what closes when it ends (nil: it could not start).
func (o *Online) paceOpened(ctx context.Context, conn *mailbox.Conn) <-chan struct{} {
	if ctx.Err() != nil {
		conn.Close()
		return nil
	}
	dial := func(context.Context, string, mailbox.Frame) (*mailbox.Conn, error) { return conn, nil }
	o.signal = SignalConnected
	defer o.changed()
	if _, ok := o.lobby(); ok {
		s, err := mailroom.OpenLobby(ctx, mailroom.LobbyOptions{URL: o.pace.url, Lobby: o.pace.lobby, Save: o.saveLobby, Ready: o.paceLobbyReady, Run: o.run, Dial: dial,
			At: func(at int64) { o.pace.lastAt = at }})
		if err != nil {
			conn.Close()
			return nil
		}
		o.pace.lsess = s
		return s.Done()
	}
	r, _ := o.game()
	if o.pace.visits > 0 {
		// A visit reads the log from its start, as a page opened again: take the game up
		// from the store again, as such a page would.
		rep, stored, err := resumeReplica(o.store, o.saved, o.opts)
		if err != nil {
			o.notify(Notice{Text: "The game cannot be taken up again: " + sentenceFragment(err.Error()), Bad: true})
			conn.Close()
			return nil
		}
		rep.Advance()
		r, o.core, o.storedPasses = rep, rep, stored
	}
	o.pace.visits++
	meta := o.saved.Online
	ident, _ := online.IdentityFromSeed(meta.KeySeed)
	link, err := mailroom.NewLink(meta.Pace.Game, meta.genesis(o.saved.ID, o.saved.Record.Config), ident)
	if err != nil {
		o.notify(Notice{Text: "The game cannot be played through the mailbox: " + sentenceFragment(err.Error()), Bad: true})
		conn.Close()
		return nil
	}
	s, err := mailroom.Open(ctx, mailroom.Options{URL: o.pace.url, Link: link, Core: r, Checkpoint: meta.Pace.Checkpoint, Run: o.paceRun, Dial: dial,
		Save:         func() error { o.save(); return nil },
		Checkpointed: o.checkpointed,
		At:           func(at int64) { o.pace.lastAt = at },
		Ready:        o.paceReady})
	if err != nil {
		conn.Close()
		return nil
	}
	o.pace.sess = s
	o.pace.seen = len(r.Game().Moves())
	o.stepBots()
	return s.Done()
}

// paceRun runs the game's visit's work on the UI goroutine; the screen is told when the
// visit has caught up with the mailbox (or falls behind again), which no core's Ready says,
// and then what waited for the whole log goes out (caughtUpNow).
func (o *Online) paceRun(f func()) {
	o.run(func() {
		before := o.CaughtUp()
		f()
		now := o.CaughtUp()
		if now && !before {
			o.caughtUpNow()
		}
		if now != before && o.changed != nil {
			o.changed()
		}
	})
}

// caughtUpNow sends, once the visit has read the whole log, what needed all of it read: a
// move of this device's on its way that the log does not hold (the visit that sent it ended
// first: the same message, kept once), and, where a bot plays this device's seat past its
// time, the hand-back (the player is back: not in a background visit, which no player opened).
func (o *Online) caughtUpNow() {
	r, ok := o.game()
	if !ok || o.pace.sess == nil {
		return
	}
	if r.Sending() {
		_ = o.pace.sess.Do(func() error { r.ResendContested(); return nil })
	}
	if _, held := r.StandInFor(r.Seat()); held && !r.Game().Over() && !o.background {
		_ = o.pace.sess.Do(func() error { return r.StopStandIn(r.Seat()) })
	}
}

// paceLobbyReady carries out what the lobby said (the session sent its messages): notices,
// and the game once it begins.
func (o *Online) paceLobbyReady(rd online.Ready) {
	for _, n := range rd.Notices {
		o.notify(n)
	}
	if rd.Changed {
		_ = o.saveLobby()
	}
	if b := rd.Begin; b != nil {
		o.begin(b)
		rep, err := online.NewReplica(b.Identity, b.Genesis, nil, nil, o.opts.Timing, rand.Reader)
		if err != nil {
			o.notify(Notice{Text: "The game cannot start: " + sentenceFragment(err.Error()), Bad: true})
		} else {
			// In the room (as a live game's start does), so that its own part of the deal
			// is made before the game is stored; the game's visit greets the seats.
			rep.Step(online.Event{Kind: online.Entered, Peer: b.Self})
			since := o.pace.lastAt // the first turn runs from the genesis's time in the mailbox
			rep.SetPace(time.Duration(o.pace.lobby.TurnLimit())*time.Second, online.PaceState{Since: since})
			id := o.pace.lobby.GameID()
			o.core, o.pace.lobby, o.pace.began = rep, nil, true
			if m := o.saved.Online; m != nil && m.Pace != nil {
				// The first turn runs from the genesis's time in the mailbox.
				m.Pace.TurnActor, m.Pace.TurnSince = rep.Game().State().Actor(), o.pace.lastAt
				if m.Pace.TurnSince == 0 {
					m.Pace.TurnSince = o.opts.Now().UnixMilli()
				}
			}
			o.save()
			for seat := range b.Genesis.Keys {
				o.nudge(seat, NudgeStart) // (not this device's own seat)
			}
			_ = o.store.Del(paceLobbyPrefix + id)
			if s := o.pace.lsess; s != nil {
				go s.Close()
			}
		}
		o.dirty = true
	}
	if rd.Changed || o.dirty {
		o.dirty = false
		o.changed()
	}
}

// paceReady carries out what the game's core said besides its messages (the session sent
// them): notices and the screen; timers are not run over the mailbox.
func (o *Online) paceReady(rd online.Ready) {
	for _, n := range rd.Notices {
		o.notify(n)
	}
	o.dirty = o.dirty || rd.Changed
	if r, ok := o.game(); ok {
		o.nudgeAfter(o.pace.seen)
		o.trackTurn()
		o.pace.seen = len(r.Game().Moves())
		o.stepBots()
	}
	if r, ok := o.game(); ok && r.Game().Over() && (!r.Game().Config().Dealt || r.DealAudit() != "") && !o.saved.Online.Pace.Finished {
		o.saved.Online.Pace.Finished = true
		if s := o.pace.sess; s != nil {
			go func() {
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				_ = s.Finish(ctx)
			}()
		}
	}
	if o.dirty && o.changed != nil {
		o.dirty = false
		o.changed()
	}
}

// checkpointed keeps where this visit has got to in the mailbox, with the game.
func (o *Online) checkpointed(cp mailroom.Checkpoint) {
	if o.saved.Online == nil || o.saved.Online.Pace == nil {
		return
	}
	o.saved.Online.Pace.Checkpoint = cp
	o.save()
}

// paceFlush sends what the game's core produced, through the mailbox (when a visit is on;
// otherwise it is kept until the next, stored first).
func (o *Online) paceFlush() {
	if o.pace.sess != nil {
		o.pace.sess.Flush()
		return
	}
	if o.pace.lsess != nil {
		return // the lobby's session carries out its Ready
	}
	if _, ok := o.game(); ok && o.core.Ready().Save {
		o.save()
	}
}

// closePace ends the visit (Close).
func (o *Online) closePace() {
	if s := o.pace.lsess; s != nil {
		go s.Close()
	}
	if s := o.pace.sess; s != nil {
		go s.Close()
	}
}

// permanentRefusal reports whether a mailbox's refusal to open a game stays whatever the
// device does: the game is gone, or another game has its id, or the page is out of date.
func permanentRefusal(code string) bool {
	switch code {
	case mailbox.CodeNoGame, mailbox.CodeGameExists, mailbox.CodeReload, mailbox.CodeBadMessage, mailbox.CodeBadSignature, mailbox.CodeNotAllowed:
		return true
	}
	return false
}

// paceLobbies describes the own-pace games this device joined that have not begun, for the
// start screen's list.
func paceLobbies(store Store) ([]GameSummary, error) {
	keys, err := store.Keys(paceLobbyPrefix)
	if err != nil {
		return nil, err
	}
	var out []GameSummary
	for _, k := range keys {
		id := strings.TrimPrefix(k, paceLobbyPrefix)
		var rec paceLobbyRecord
		if ok, err := store.Get(k, &rec); err != nil || !ok {
			out = append(out, GameSummary{ID: id, Pace: true, Lobby: true, Error: "Its lobby is damaged."})
			continue
		}
		sum := GameSummary{ID: id, Names: rec.Names, Colours: rec.Colours, Players: rec.Players, Edition: rec.Edition, Created: rec.Created, Updated: rec.Updated, Pace: true, Lobby: true}
		switch {
		case rec.Failure != "":
			sum.Waiting = "Cannot start: " + rec.Failure
		case rec.Players == 0 || len(rec.Names) == 0:
			sum.Waiting = "Joining…"
		case len(rec.Names) < rec.Players:
			sum.Waiting = fmt.Sprintf("Waiting for players: %d of %d seats taken", len(rec.Names), rec.Players)
		default:
			sum.Waiting = "Every seat is taken: drawing the seed"
		}
		out = append(out, sum)
	}
	return out, nil
}

// CaughtUp reports whether an own-pace game's visit has read the whole mailbox and the
// mailbox has stored everything this device sent (a live game: always).
func (o *Online) CaughtUp() bool {
	if o.pace == nil {
		return true
	}
	if o.pace.sess == nil {
		return false
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	return o.pace.sess.Idle(done) == nil
}

// PaceGameID is the id this device stores an own-pace game under, from the mailbox's id of
// it (what a notification names): the same 16 bytes in lowercase hex. "" for a malformed id.
func PaceGameID(mailboxID string) string {
	raw, ok := mailbox.Decode64(mailboxID, 16)
	if !ok || !mailbox.ValidGameID(mailboxID) {
		return ""
	}
	return hex.EncodeToString(raw)
}

// trackTurn notes when the turn under way began: the core's reading of the mailbox's log once
// it has it (online.Replica.TurnSince); until then, when the player to move changed, at the
// mailbox's time of the message that brought the move (another device's), or now (this
// device's player's own, until it comes back from the mailbox).
func (o *Online) trackTurn() {
	r, ok := o.game()
	if !ok || o.saved.Online == nil || o.saved.Online.Pace == nil {
		return
	}
	m := o.saved.Online.Pace
	g := r.Game()
	if n := len(g.Moves()); n != m.TurnMoves {
		if actor := g.State().Actor(); actor != m.TurnActor || m.TurnSince == 0 {
			since := o.opts.Now().UnixMilli()
			if last := g.Moves()[n-1]; last.Player != r.Seat() && o.pace.lastAt > 0 {
				since = o.pace.lastAt
			}
			m.TurnActor, m.TurnSince = actor, since
		}
		m.TurnMoves = n
	}
	if since := r.TurnSince(); since > 0 {
		// The core's, once it knows it: the mailbox's time, as every device reads it (this
		// device's own move is timed where the log puts it, when it comes back).
		m.TurnActor, m.TurnSince = g.State().Actor(), since
	}
}

// TurnLimit is an own-pace game's time for each turn (0: none).
func (o *Online) TurnLimit() time.Duration {
	switch {
	case o.pace == nil:
		return 0
	case o.pace.lobby != nil:
		return time.Duration(o.pace.lobby.TurnLimit()) * time.Second
	case o.saved.Online != nil && o.saved.Online.Pace != nil:
		return time.Duration(o.saved.Online.Pace.TurnLimit) * time.Second
	}
	return 0
}

// TurnDeadline is when the turn under way runs out, in a game with a time per turn (ok
// false: none, or the game is over or stopped).
func (o *Online) TurnDeadline() (time.Time, bool) {
	r, ok := o.game()
	limit := o.TurnLimit()
	if !ok || limit == 0 || r.Game().Over() || r.Stopped() != "" || o.saved.Online.Pace.TurnSince == 0 {
		return time.Time{}, false
	}
	return time.UnixMilli(o.saved.Online.Pace.TurnSince).Add(limit), true
}

// CanEndForTime reports whether this device's player may end the game because the player to
// move ran out of time.
func (o *Online) CanEndForTime() bool {
	r, ok := o.game()
	d, timed := o.TurnDeadline()
	return ok && timed && r.Game().State().Actor() != r.Seat() && !o.opts.Now().Before(d)
}

// EndForTime ends the game because the player to move ran out of time: the scores stand as
// they are, and the ending, signed, goes into the record and to every device.
func (o *Online) EndForTime() error {
	if !o.CanEndForTime() {
		return &Error{Msg: "The player to move still has time."}
	}
	r, _ := o.game()
	err := r.EndForTime(r.Game().State().Actor(), "their turn ran past the game's "+limitText(o.TurnLimit()))
	o.flush()
	if err != nil {
		return &Error{Msg: err.Error(), Err: err}
	}
	return nil
}

// CanLetBotPlayForTime reports whether this device's player may let a bot play the seat of
// the player to move, whose time has run out (by claimMargin): a game dealt from its seed
// (no bot plays another's hidden cards) where no bot plays that seat yet.
func (o *Online) CanLetBotPlayForTime() bool {
	r, ok := o.game()
	d, _ := o.TurnDeadline()
	if !ok || !o.CanEndForTime() || r.Game().Config().Dealt || o.bots.brain == nil || o.opts.Now().Before(d.Add(claimMargin)) {
		return false
	}
	_, held := r.StandInFor(r.Game().State().Actor())
	return !held
}

// LetBotPlayForTime asks for a bot of level, run on this device, to play the seat of the
// player to move, whose time has run out, until they are back. It plays once the mailbox's
// log shows the claim after the deadline by the mailbox's clock (online/standin.go).
func (o *Online) LetBotPlayForTime(level string) error {
	if !o.CanLetBotPlayForTime() {
		return &Error{Msg: "No bot can play that seat now: the player to move still has time, or their cards are hidden."}
	}
	r, _ := o.game()
	return o.LetBotPlay(r.Game().State().Actor(), level)
}

// turnLate says whether, by this device's clock, its player's turn is within lateMargin of
// its time running out, or past it: their move then counts where the mailbox's log puts it,
// against any bot's (online.Replica.SetTurnLate).
func (o *Online) turnLate() bool {
	r, ok := o.game()
	d, timed := o.TurnDeadline()
	return ok && timed && r.Game().State().Actor() == r.Seat() && !o.opts.Now().Before(d.Add(-lateMargin))
}

// claimMargin is how long past the deadline by this device's clock a bot may be asked for:
// the devices' reading of when the first turn began may differ by a few seconds.
const claimMargin = time.Minute

// lateMargin covers the clocks of the devices and the mailbox differing by a few minutes.
const lateMargin = 5 * time.Minute

// limitText names a time per turn: "12 hours", "3 days".
func limitText(d time.Duration) string {
	if h := int(d / time.Hour); h%24 == 0 && h >= 48 {
		return fmt.Sprintf("%d days", h/24)
	} else if h > 0 {
		return fmt.Sprintf("%d hours", h)
	}
	return d.String()
}

// TurnLimits are the times per turn a host may choose (none first).
var TurnLimits = []time.Duration{0, 12 * time.Hour, 24 * time.Hour, 72 * time.Hour}

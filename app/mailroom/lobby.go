package mailroom

import (
	"bytes"
	"crypto/ed25519"
	"crypto/hkdf"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"brass/app/online"
	"brass/app/profile"
	"brass/engine"
	"brass/mailbox"
)

// Lobby is one device's side of an own-pace game before it starts, as a core (online.Core):
// the players gather through the game's mailbox, over hours if need be, and nobody keeps the
// list of seats. The lobby is the mailbox's log, which every device reads in the same order
// and from which each works out the same seats, seed and genesis:
//
//   - the host's first lobby envelope is the setup (the game chosen, and the host's own join);
//   - each join after it takes the next free seat: a device's seat key for the game, its box
//     key, its player's name and colour, and its commitment to a secret for the seed (bound
//     to the game, the player and both keys, as in the live lobby: online.Commitment);
//   - once every seat is taken, each device, whenever it is next opened, reveals its secret;
//     a reveal is taken only after the last join, so nobody chooses a secret knowing another;
//   - once every secret is in, any device writes the genesis (every device makes the same
//     one), and each device checks the one in the mailbox against its own before it begins.
//
// Every lobby envelope is signed by the invitation's key (the mailbox admits only those
// before the genesis) and its body by the seat key it names, so a join cannot be changed or
// a reveal made for another seat. A secret that does not match its commitment names its
// player and the game does not start. What an invitation's holder can still do is what it
// can in any lobby: take the free seats, or spoil the lobby (a genesis of another game
// written first), which every device then names; the game cannot start and the host
// invites again. A mailbox that shows devices different lobbies (different seats) shows
// them different geneses: each device refuses the mailbox's if it is not its own.
type Lobby struct {
	cfg    LobbyConfig
	game   string // the mailbox's game id
	id     string // the game's id in the protocol (online.Genesis.Game)
	invite ed25519.PrivateKey
	derive []byte // the key lobby envelopes' nonces derive from
	me     online.LobbySeat

	created bool
	players int
	setup   *Setup
	seats   []joined
	reveals []string // by seat
	live    bool     // the log is read to its end (and every message since)

	phase   online.LobbyPhase
	failure string
	posted  map[string]bool // envelopes sent this visit (by nonce)
	ready   online.Ready
	begin   *online.Begin
	started bool // Begin handed over
}

var _ online.Core = (*Lobby)(nil)

// Setup is the game an own-pace host chooses: the live lobby's setup, and the time each turn
// may take (0: no limit).
type Setup struct {
	online.Setup
	TurnLimit int64 `json:"turn_limit,omitempty"` // seconds
}

// LobbyConfig starts a lobby, and is what a device stores of it until the game begins
// (LobbyConfig holds the device's secrets: it stays on the device).
type LobbyConfig struct {
	Invite  []byte `json:"invite"` // the invitation's secret (InvitationSize bytes)
	Host    bool   `json:"host,omitempty"`
	Setup   Setup  `json:"setup"` // the host's choice
	Name    string `json:"name"`
	Colour  string `json:"colour"`
	KeySeed []byte `json:"key_seed"` // this device's seat key for the game (online.IdentityFromSeed)
	Secret  string `json:"secret"`   // its secret for the seed
}

// InvitationSize is the length of an invitation's secret in bytes.
const InvitationSize = 16

// MailboxPeer is the peer id the lobby's events and messages carry: the mailbox itself.
const MailboxPeer = "mailbox"

// joined is a seat as its join took it.
type joined struct {
	key    online.PublicKey
	box    online.BoxKey
	player string
	name   string
	colour string
	commit string
}

// lobbyBody is a lobby envelope's body.
type lobbyBody struct {
	T      string           `json:"t"` // "setup", "join" or "reveal"
	Setup  *Setup           `json:"setup,omitempty"`
	Key    online.PublicKey `json:"key"`
	Box    online.BoxKey    `json:"box,omitempty"`
	Name   string           `json:"name,omitempty"`
	Colour string           `json:"colour,omitempty"`
	Commit string           `json:"commit,omitempty"`
	Secret string           `json:"secret,omitempty"`
	Sig    string           `json:"sig,omitempty"` // by Key, over the rest (signedBytes)
}

const (
	lobbyDomain      = "brass own-pace lobby v1"
	lobbyNonceDomain = "brass own-pace lobby nonces v1"
)

// signedBytes is what a body's signature covers: the body without it, for this game.
func (b lobbyBody) signedBytes(game string) []byte {
	b.Sig = ""
	raw, _ := json.Marshal(b) // plain data: cannot fail
	return append([]byte(lobbyDomain+"\x00"+game+"\x00"), raw...)
}

// NewLobby starts (or, from what a device stored, resumes) a lobby. A host's setup is checked
// here.
func NewLobby(cfg LobbyConfig) (*Lobby, error) {
	if len(cfg.Invite) != InvitationSize {
		return nil, fmt.Errorf("an invitation is %d bytes, not %d", InvitationSize, len(cfg.Invite))
	}
	name, colour, err := profile.Validate(cfg.Name, cfg.Colour)
	if err != nil {
		return nil, err
	}
	cfg.Name, cfg.Colour = name, colour
	ident, err := online.IdentityFromSeed(cfg.KeySeed)
	if err != nil {
		return nil, err
	}
	if len(cfg.Secret) != 64 {
		return nil, errors.New("a seed secret is 64 hex digits")
	}
	invite, err := mailbox.InvitationKey(cfg.Invite)
	if err != nil {
		return nil, err
	}
	game, gameID, _ := GameIDs(cfg.Invite)
	l := &Lobby{cfg: cfg, game: game, id: gameID, invite: invite, posted: map[string]bool{},
		me: online.LobbySeat{Player: online.PlayerID(ident.Public()), Name: name, Colour: colour}}
	if l.derive, err = hkdf.Key(sha256.New, cfg.Invite, nil, lobbyNonceDomain, 32); err != nil {
		return nil, err
	}
	if cfg.Host {
		if err := checkSetup(&l.cfg.Setup); err != nil {
			return nil, err
		}
		l.players = l.cfg.Setup.Players
	}
	return l, nil
}

// GameIDs are the ids of an invitation's game: the mailbox's, and the protocol's (its
// genesis's, the mailbox's in lowercase hex).
func GameIDs(invite []byte) (mailboxID, gameID string, err error) {
	if len(invite) != InvitationSize {
		return "", "", fmt.Errorf("an invitation is %d bytes, not %d", InvitationSize, len(invite))
	}
	key, err := mailbox.InvitationKey(invite)
	if err != nil {
		return "", "", err
	}
	mailboxID = mailbox.GameID(key.Public().(ed25519.PublicKey))
	raw, _ := mailbox.Decode64(mailboxID, 16)
	return mailboxID, hex.EncodeToString(raw), nil
}

// checkSetup checks a setup as the live lobby does: an edition that exists, a player count
// it allows, an introductory game it has, a turn limit of none or at most a week.
func checkSetup(s *Setup) error {
	if s.Edition == "" {
		s.Edition = "birmingham"
	}
	ed, ok := engine.EditionFor(s.Edition, s.Rules)
	switch {
	case !ok:
		return fmt.Errorf("There is no edition %q with the rules %q.", s.Edition, s.Rules)
	case s.Players < ed.Rules.MinPlayers || s.Players > ed.Rules.MaxPlayers:
		return fmt.Errorf("%s has %d to %d players, not %d.", ed.Name, ed.Rules.MinPlayers, ed.Rules.MaxPlayers, s.Players)
	case s.Introductory && !ed.Rules.Introductory:
		return fmt.Errorf("%s has no introductory game.", ed.Name)
	case s.TurnLimit < 0 || s.TurnLimit > 7*24*3600:
		return errors.New("A turn's time limit is at most a week.")
	}
	return nil
}

// Config is what the device stores of the lobby until the game begins.
func (l *Lobby) Config() LobbyConfig { return l.cfg }

// Game is the mailbox's game id.
func (l *Lobby) Game() string { return l.game }

// GameID is the game's id in the protocol (its genesis's).
func (l *Lobby) GameID() string { return l.id }

// Open is the frame that opens the game's mailbox: the host's creates the game (again:
// a create the mailbox holds is a retry).
func (l *Lobby) Open() mailbox.Frame {
	f := mailbox.Frame{Game: l.game}
	if l.cfg.Host {
		body, _ := json.Marshal(mailbox.CreateBody{Seats: l.cfg.Setup.Players, Host: mailbox.Encode64(l.invite.Public().(ed25519.PublicKey))})
		e := l.envelope(mailbox.KindCreate, body)
		f.Create = &e
	}
	return f
}

// envelope is a lobby envelope of this body, the same whenever it is made (its nonce is
// derived from it), so that saying it again costs the log nothing.
func (l *Lobby) envelope(kind string, body []byte) mailbox.Envelope {
	sum := sha256.Sum256(append([]byte(kind+"\x00"), body...))
	nonce, _ := hkdf.Key(sha256.New, l.derive, nil, hex.EncodeToString(sum[:]), mailbox.NonceSize)
	e := mailbox.Envelope{Game: l.game, Kind: kind, From: -1, To: -1, Nonce: mailbox.Encode64(nonce), Body: body}
	e.Sign(l.invite)
	return e
}

// ---- the Core ----

// Ready implements online.Core.
func (l *Lobby) Ready() online.Ready {
	rd := l.ready
	rd.Begin = l.begin
	return rd
}

// Advance implements online.Core.
func (l *Lobby) Advance() { l.ready, l.begin = online.Ready{}, nil }

// Step implements online.Core: Message carries an envelope of the log (its JSON) from
// MailboxPeer, Opened says the log is read to its end, Left that the connection is gone.
func (l *Lobby) Step(ev online.Event) {
	if ev.Peer != MailboxPeer || l.started {
		return
	}
	switch ev.Kind {
	case online.Opened:
		l.live = true
	case online.Left:
		l.live = false
		return
	case online.Message:
		var e mailbox.Envelope
		if err := json.Unmarshal(ev.Data, &e); err != nil {
			l.note("The mailbox passed on a lobby message that does not read; it was ignored.")
			return
		}
		l.take(e)
	default:
		return
	}
	l.act()
}

func (l *Lobby) note(text string) {
	l.ready.Notices = append(l.ready.Notices, online.Notice{Text: text, Bad: true})
	l.ready.Changed = true
}

func (l *Lobby) fail(why string) {
	if l.phase == online.Failed {
		return
	}
	l.phase, l.failure = online.Failed, why
	l.ready.Changed = true
}

// take reads one envelope of the log.
func (l *Lobby) take(e mailbox.Envelope) {
	if l.phase == online.Failed || e.Game != l.game {
		return
	}
	signer, _ := e.Signer()
	fromInvite := bytes.Equal(signer, l.invite.Public().(ed25519.PublicKey)) && e.Verify()
	switch e.Kind {
	case mailbox.KindCreate:
		c, err := mailbox.ParseCreate(e.Body)
		switch {
		case err != nil || !fromInvite:
			l.fail("The mailbox holds a game that was not created by this invitation.")
		case c.Host != mailbox.Encode64(signer):
			l.fail("This invitation is for a live game, not one played at your own pace.")
		case l.cfg.Host && c.Seats != l.cfg.Setup.Players:
			l.fail("The mailbox holds this game for another number of players.")
		default:
			l.created, l.players = true, c.Seats
		}
	case mailbox.KindLobby:
		if !fromInvite || !l.created {
			return
		}
		var b lobbyBody
		if err := json.Unmarshal(e.Body, &b); err != nil || !b.verify(l.id) {
			return // not made by the seat key it names: nobody can be held to it
		}
		l.lobbyMessage(b)
	case mailbox.KindGenesis:
		l.checkGenesis(e, fromInvite)
	}
}

// verify checks a body's signature by the key it names.
func (b lobbyBody) verify(game string) bool {
	key, ok := mailbox.Decode64(string(b.Key), ed25519.PublicKeySize)
	sig, ok2 := mailbox.Decode64(b.Sig, ed25519.SignatureSize)
	return ok && ok2 && ed25519.Verify(key, b.signedBytes(game), sig)
}

// lobbyMessage takes a setup, a join or a reveal.
func (l *Lobby) lobbyMessage(b lobbyBody) {
	switch b.T {
	case "setup":
		if l.setup != nil || b.Setup == nil {
			return
		}
		s := *b.Setup
		if checkSetup(&s) != nil || s.Players != l.players {
			l.fail("The game's setup in the mailbox is not a game that can be played.")
			return
		}
		l.setup, l.reveals = &s, make([]string, s.Players)
		l.seat(b)
	case "join":
		if l.setup != nil && len(l.seats) < l.players {
			l.seat(b)
		}
	case "reveal":
		l.reveal(b)
	}
	l.ready.Changed = true
}

// seat gives a join the next seat: first come, first seated; a key or box already seated
// takes none; a name already taken gets a number, a colour already taken the first free one.
func (l *Lobby) seat(b lobbyBody) {
	if _, ok := b.Box.Bytes(); !ok || len(b.Commit) != 64 {
		return
	}
	for _, s := range l.seats {
		if s.key == b.Key || s.box == b.Box {
			return
		}
	}
	name, colour, err := profile.Validate(b.Name, b.Colour)
	if err != nil {
		name, colour = profile.DefaultName(len(l.seats)), ""
	}
	l.seats = append(l.seats, joined{key: b.Key, box: b.Box, player: online.PlayerID(b.Key), name: l.freeName(name), colour: l.freeColour(colour), commit: b.Commit})
}

func (l *Lobby) freeName(name string) string {
	taken := func(n string) bool {
		for _, s := range l.seats {
			if strings.EqualFold(s.name, n) {
				return true
			}
		}
		return false
	}
	for k, n := 2, name; ; k++ {
		if !taken(n) {
			return n
		}
		n = fmt.Sprintf("%s %d", string([]rune(name)[:min(len([]rune(name)), profile.MaxNameLength-3)]), k)
	}
}

func (l *Lobby) freeColour(want string) string {
	return profile.FreeColour(want, func(c string) bool {
		for _, s := range l.seats {
			if s.colour == c {
				return true
			}
		}
		return false
	})
}

// reveal takes a seat's secret: only once every seat is taken (no one could then choose a
// secret knowing another's), checked against its commitment.
func (l *Lobby) reveal(b lobbyBody) {
	s := l.seatOf(b.Key)
	if s < 0 || len(l.seats) < l.players || l.reveals[s] != "" {
		return
	}
	j := l.seats[s]
	if online.Commitment(l.id, j.player, j.key, j.box, b.Secret) != j.commit {
		l.fail(fmt.Sprintf("%s's secret does not match their commitment, so the shuffle could have been chosen: the game cannot start.", j.name))
		return
	}
	l.reveals[s] = b.Secret
}

func (l *Lobby) seatOf(k online.PublicKey) int {
	for i, s := range l.seats {
		if s.key == k {
			return i
		}
	}
	return -1
}

func (l *Lobby) drawn() bool { return l.setup != nil && len(l.seats) == l.players && all(l.reveals) }

func all(xs []string) bool {
	for _, x := range xs {
		if x == "" {
			return false
		}
	}
	return true
}

// genesis is the game every device makes from the lobby once every secret is in.
func (l *Lobby) genesis() online.Genesis {
	g := online.Genesis{Game: l.id, Keys: make([]online.PublicKey, l.players), Boxes: make([]online.BoxKey, l.players)}
	names := make([]string, l.players)
	commits := make([]string, l.players)
	players := make([]string, l.players)
	for i, s := range l.seats {
		g.Keys[i], g.Boxes[i], names[i], commits[i], players[i] = s.key, s.box, s.name, s.commit, s.player
	}
	seed, _ := online.CheckDraw(l.id, players, g.Keys, g.Boxes, commits, l.reveals)
	s := l.setup
	g.Config = engine.Config{Edition: s.Edition, Rules: s.Rules, Players: s.Players, Seed: seed, Names: names, Introductory: s.Introductory, Dealt: s.Dealt}
	return g
}

// genesisBody is the genesis envelope's body: the seats' keys for the mailbox, and the game.
func genesisBody(g online.Genesis) []byte {
	seats := make([]mailbox.Seat, len(g.Keys))
	for i := range g.Keys {
		seats[i] = mailbox.Seat{Sign: string(g.Keys[i]), Box: string(g.Boxes[i])}
	}
	game, _ := json.Marshal(g)
	body, _ := json.Marshal(mailbox.GenesisBody{Seats: seats, Game: game})
	return body
}

// checkGenesis takes the mailbox's genesis: it must be the game this device made from the
// lobby, or the game cannot start here.
func (l *Lobby) checkGenesis(e mailbox.Envelope, fromInvite bool) {
	spoilt := "The game in the mailbox is not the one its lobby drew (someone who holds the invitation wrote another, or the mailbox shows this device another lobby): it cannot start. The host can invite again."
	if !fromInvite || !l.drawn() {
		l.fail(spoilt)
		return
	}
	want := l.genesis()
	var body mailbox.GenesisBody
	var got online.Genesis
	if json.Unmarshal(e.Body, &body) != nil || json.Unmarshal(body.Game, &got) != nil || !reflect.DeepEqual(got, want) ||
		!bytes.Equal(e.Body, genesisBody(want)) {
		l.fail(spoilt)
		return
	}
	me := l.seatOf(l.identity().Public())
	if me < 0 {
		l.fail(fmt.Sprintf("All %d seats of this game are taken.", l.players))
		return
	}
	b := &online.Begin{Genesis: want, Identity: l.identity(), Self: PeerOf(me), Host: l.seats[0].player}
	for _, s := range l.seats {
		b.Players, b.Colours, b.Commits = append(b.Players, s.player), append(b.Colours, s.colour), append(b.Commits, s.commit)
	}
	b.Secrets = append([]string(nil), l.reveals...)
	l.begin, l.started = b, true
	l.ready.Save, l.ready.Changed = true, true
	l.ready.Notices = append(l.ready.Notices, online.Notice{Text: "Every player's secret checked out: the seed is drawn and the game begins."})
}

func (l *Lobby) identity() online.Identity {
	id, _ := online.IdentityFromSeed(l.cfg.KeySeed) // checked in NewLobby
	return id
}

// act says what this device has to say, once it has read the whole log: the setup (host),
// its join, its secret once every seat is taken, the genesis once every secret is in.
func (l *Lobby) act() {
	if !l.live || !l.created || l.phase == online.Failed || l.started {
		return
	}
	id := l.identity()
	mine := lobbyBody{Key: id.Public(), Box: id.BoxPublic(), Name: l.cfg.Name, Colour: l.cfg.Colour,
		Commit: online.Commitment(l.id, l.me.Player, id.Public(), id.BoxPublic(), l.cfg.Secret)}
	me := l.seatOf(id.Public())
	switch {
	case l.setup == nil && l.cfg.Host:
		mine.T, mine.Setup = "setup", &l.cfg.Setup
		l.post(mailbox.KindLobby, l.signed(mine))
	case l.setup == nil:
		return
	case me < 0 && len(l.seats) < l.players:
		mine.T = "join"
		l.post(mailbox.KindLobby, l.signed(mine))
	case me < 0:
		l.fail(fmt.Sprintf("All %d seats of this game are taken.", l.players))
	case len(l.seats) < l.players:
		l.phase = online.Gathering
	case l.reveals[me] == "":
		l.phase = online.Drawing
		l.post(mailbox.KindLobby, l.signed(lobbyBody{T: "reveal", Key: id.Public(), Secret: l.cfg.Secret}))
	case l.drawn():
		l.phase = online.Drawing
		l.post(mailbox.KindGenesis, genesisBody(l.genesis()))
	default:
		l.phase = online.Drawing
	}
}

// signed signs a body with this device's seat key.
func (l *Lobby) signed(b lobbyBody) []byte {
	priv := ed25519.NewKeyFromSeed(l.cfg.KeySeed)
	b.Sig = mailbox.Encode64(ed25519.Sign(priv, b.signedBytes(l.id)))
	raw, _ := json.Marshal(b)
	return raw
}

// post sends an envelope once a visit (the shell stores the lobby first: Save).
func (l *Lobby) post(kind string, body []byte) {
	e := l.envelope(kind, body)
	if l.posted[e.Nonce] {
		return
	}
	l.posted[e.Nonce] = true
	raw, _ := json.Marshal(e)
	l.ready.Messages = append(l.ready.Messages, online.Outgoing{To: MailboxPeer, Data: raw})
	l.ready.Save = true
}

// ---- what the screens read ----

// Phase says where the lobby stands: Gathering while seats are free, Drawing while the
// secrets come in, Failed when the game cannot start (Failure says why).
func (l *Lobby) Phase() online.LobbyPhase { return l.phase }

// Failure says why the phase is Failed.
func (l *Lobby) Failure() string { return l.failure }

// Fail stops the lobby for a reason outside it (the mailbox refused the game).
func (l *Lobby) Fail(why string) { l.fail(why) }

// IsHost reports whether this device created the game.
func (l *Lobby) IsHost() bool { return l.cfg.Host }

// Size is the number of players (0 until the log is read).
func (l *Lobby) Size() int { return l.players }

// Seats lists the seats taken, in order.
func (l *Lobby) Seats() []online.LobbySeat {
	out := make([]online.LobbySeat, len(l.seats))
	for i, s := range l.seats {
		out[i] = online.LobbySeat{Player: s.player, Name: s.name, Colour: s.colour}
	}
	return out
}

// HostPlayer is the host's player id ("" until the setup is read).
func (l *Lobby) HostPlayer() string {
	if len(l.seats) == 0 {
		return ""
	}
	return l.seats[0].player
}

// Me is this device's player id, name and colour.
func (l *Lobby) Me() online.LobbySeat { return l.me }

// Awaited lists the players whose devices the draw waits for (their secret), once every seat
// is taken.
func (l *Lobby) Awaited() []string {
	var out []string
	if l.setup == nil || len(l.seats) < l.players {
		return nil
	}
	for i, s := range l.seats {
		if l.reveals[i] == "" {
			out = append(out, s.name)
		}
	}
	return out
}

// Revealed reports whether seat i's secret is in.
func (l *Lobby) Revealed(i int) bool { return i < len(l.reveals) && l.reveals[i] != "" }

// TurnLimit is the setup's time per turn in seconds (0: none, or not read yet).
func (l *Lobby) TurnLimit() int64 {
	if l.setup == nil {
		return 0
	}
	return l.setup.TurnLimit
}

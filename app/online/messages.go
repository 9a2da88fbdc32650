package online

import (
	"encoding/json"
	"errors"
	"fmt"

	"brass/app/profile"
)

// The one wire format of online play: JSON messages over the data channels (signalling is
// separate and never sees them), from the first hello in the lobby to the audit at the end.
// Before the game the Lobby reads them, during it the Replica.
//
//	hello         on every new connection, from either side. In the lobby: my player id,
//	              name and colour, and whether I have your hello (one that says I have not is
//	              answered, so a hello lost as a channel opens heals). In the game: my seat's
//	              key, signed for this connection, and how far my game is (count, take, hash,
//	              link after the last move): the history this connection brings.
//	lobby         the host's list of seats while players gather
//	start         the host starts: the game's config, seats and colours, and to each seated
//	              player the room secret (app's reopening)
//	commit        my seed commitment, which binds my signing key for the game to my seat
//	reveal        my secret, sent only once every commitment has arrived
//	seeded        the hash of the initial state I built from the seed
//	move          a signed move (mine, or my seat bot's), with the state hash after it
//	ack           the state hash after move at (take) on my device: disagreement detection
//	refused       I refused your move at, and why (shown to its sender)
//	sync-request  send me your signed moves from index at
//	sync          signed moves from index at, and every agreed undo (as proof)
//	undo-request  let me take back my move at (take): signed by me for that move
//	undo-vote     my answer to an undo request, signed when yes
//	undo          move at (take) is taken back: its maker's signed request and every other
//	              player's signed yes
//	seat-bot      my device's bot of level plays seat while its player is away ("": handed
//	              back); with runner, another device's bot does (told to the seat's own device)
//	seat-bot-ok   my answer to a seat-bot claim: yes, I see the player away too; no, I see them
//	              here (also sent when they come back)
//	cheat         proof that a key signed two different moves for one slot
//	deal          signed messages of the deal of a game dealt by the devices (dealing.go)
//	end           a player ended the game, signed: the device it names held the game up

// Version is the version of the online protocol; a peer of another version is told to reload.
const Version = 5

const (
	msgHello       = "hello"
	msgLobby       = "lobby"
	msgStart       = "start"
	msgCommit      = "commit"
	msgReveal      = "reveal"
	msgSeeded      = "seeded"
	msgMove        = "move"
	msgAck         = "ack"
	msgRefused     = "refused"
	msgSyncRequest = "sync-request"
	msgSync        = "sync"
	msgUndoRequest = "undo-request"
	msgUndoVote    = "undo-vote"
	msgUndo        = "undo"
	msgSeatBot     = "seat-bot"
	msgSeatBotOK   = "seat-bot-ok"
	msgCheat       = "cheat"
	msgDeal        = "deal"
	msgEnd         = "end"
)

// Limits on what a peer may send.
const (
	maxMoves      = 2000 // a game has about 130–250 moves
	maxReasonText = 500
	maxIDLength   = 64
)

// message is every message, flat: the fields a type does not use are empty.
type message struct {
	Type    string `json:"t"`
	Version int    `json:"v,omitempty"`
	Game    string `json:"game,omitempty"`

	// hello in the lobby; commit, reveal, seeded: the sender's player id
	Player  string `json:"player,omitempty"`
	Name    string `json:"name,omitempty"`
	Colour  string `json:"colour,omitempty"`
	Greeted bool   `json:"greeted,omitempty"` // the sender has the recipient's hello

	// hello: the sender's key (in the lobby, its player id is the key's hash); commit: the
	// sender's signing key for the game
	Key   PublicKey `json:"key,omitempty"`
	Box   BoxKey    `json:"box,omitempty"`   // commit: the sender's X25519 key for the game
	Count int       `json:"count,omitempty"` // hello: moves the sender holds
	Sig   []byte    `json:"sig,omitempty"`   // hello, undo-request, undo-vote

	// lobby, start
	Size       int          `json:"size,omitempty"`
	Seats      []LobbySeat  `json:"seats,omitempty"`
	Host       string       `json:"host,omitempty"`
	Config     *StartConfig `json:"config,omitempty"`
	Players    []string     `json:"players,omitempty"`     // start: player ids by seat
	RoomSecret string       `json:"room_secret,omitempty"` // start, to a seated player

	// commit, reveal; seeded: the commitments the sender built the game from, by seat
	Commit  string   `json:"commit,omitempty"`
	Secret  string   `json:"secret,omitempty"`
	Commits []string `json:"commits,omitempty"`

	At       int           `json:"at"`
	Take     int           `json:"take,omitempty"`
	Hash     string        `json:"hash,omitempty"` // a state hash, 16 hex digits
	Link     *Link         `json:"link,omitempty"` // the chain link after move at
	Move     *Signed       `json:"move,omitempty"`
	Moves    []Signed      `json:"moves,omitempty"`
	Reason   string        `json:"reason,omitempty"` // refused: why; lobby: why the host's lobby failed
	Kind     RefuseKind    `json:"kind,omitempty"`   // refused: why, as a code
	Yes      bool          `json:"yes,omitempty"`
	Undo     *UndoProof    `json:"undo,omitempty"`  // undo: the proof
	Undos    []UndoProof   `json:"undos,omitempty"` // sync: every agreed undo
	Seat     int           `json:"seat,omitempty"`
	Runner   *int          `json:"runner,omitempty"`
	Level    string        `json:"level,omitempty"`
	Proof    *Equivocation `json:"proof,omitempty"`
	Conflict *UndoConflict `json:"conflict,omitempty"` // cheat: a move taken back and built on
	Deals    []SignedDeal  `json:"deals,omitempty"`
	End      *Ending       `json:"end,omitempty"`
}

// LobbySeat is one seat while players gather.
type LobbySeat struct {
	Player string `json:"player"`
	Name   string `json:"name"`
	Colour string `json:"colour"`
}

// StartConfig is the game's config as the host starts it: everything but the seed, which
// the players draw together.
type StartConfig struct {
	Edition      string   `json:"edition"`
	Players      int      `json:"players"`
	Names        []string `json:"names"`
	Colours      []string `json:"colours"`
	Introductory bool     `json:"introductory,omitempty"`
	Rules        string   `json:"rules,omitempty"` // the edition's rule set (engine.Config.Rules)
	Dealt        bool     `json:"dealt,omitempty"` // the devices deal the cards (engine.Config.Dealt)
}

func encode(m message) []byte {
	b, err := json.Marshal(m)
	if err != nil {
		panic(err) // plain data
	}
	return b
}

// errVersion is a hello from a device running another version of the protocol.
var errVersion = errors.New("a device running another version of Brass")

// lobbyTypes are the messages of the lobby and the seed draw; the rest are the game's.
func lobbyType(t string) bool {
	switch t {
	case msgLobby, msgStart, msgCommit, msgReveal, msgSeeded:
		return true
	}
	return false
}

// decode parses a peer's message and checks its shape, whichever core reads it: anything
// malformed is an error that says what is wrong, and nothing is acted on. The game id, the
// seats and everything that depends on the game are the cores' to check.
func decode(data []byte) (message, error) {
	var m message
	err := m.parse(data)
	return m, err
}

// parse is decode's work, on a message in place (returning one by value at each of its
// refusals cost kilobytes of copies in the wasm).
func (m *message) parse(data []byte) error {
	if err := json.Unmarshal(data, m); err != nil {
		return fmt.Errorf("a message that is not valid JSON")
	}
	bad := func(what string) error { return fmt.Errorf("a %q message with %s", m.Type, what) }
	if m.Type == msgHello && m.Version != Version {
		return errVersion
	}
	for _, id := range append([]string{m.Game, m.Player, m.Host}, m.Players...) {
		if !validWireID(id) {
			return bad("a malformed id")
		}
	}
	if len(m.Name) > 4*profile.MaxNameLength || len(m.Colour) > 32 || len(m.Commit) > 128 || len(m.Secret) > 128 || len(m.RoomSecret) > 64 || len(m.Sig) > 128 {
		return bad("an over-long field")
	}
	if m.At < 0 || m.At > maxMoves || m.Take < 0 || m.Take > maxMoves || m.Count < 0 || m.Count > maxMoves || len(m.Moves) > maxMoves ||
		len(m.Undos) > maxMoves || len(m.Reason) > maxReasonText || len(m.Deals) > maxDeals || len(m.Seats) > profile.MaxPlayers ||
		len(m.Players) > profile.MaxPlayers || m.Seat < 0 || m.Seat >= profile.MaxPlayers {
		return bad("a number out of range")
	}
	if m.Hash != "" && !validHash(m.Hash) {
		return bad("a malformed hash")
	}
	switch m.Type {
	case msgHello:
		switch {
		case !m.Key.Valid() || len(m.Sig) == 0:
			return bad("no valid key or signature")
		case m.Player == "" && (m.Game == "" || m.Count > 0 && (m.Hash == "" || m.Link == nil)):
			return bad("no game or position")
		}
	case msgLobby:
		if m.Size < profile.MinPlayers || m.Size > profile.MaxPlayers || len(m.Seats) == 0 || len(m.Seats) > m.Size || m.Host == "" {
			return bad("a bad list of seats")
		}
		for _, s := range m.Seats {
			if s.Player == "" || !validWireID(s.Player) || len(s.Name) > 4*profile.MaxNameLength || len(s.Colour) > 32 {
				return bad("a bad seat")
			}
		}
	case msgStart:
		c := m.Config
		if m.Game == "" || c == nil || c.Players < profile.MinPlayers || c.Players > profile.MaxPlayers || len(m.Players) != c.Players ||
			len(c.Names) != c.Players || len(c.Colours) != c.Players || m.Host == "" || len(c.Edition) > maxIDLength || len(c.Rules) > maxIDLength {
			return bad("a bad config")
		}
		if m.RoomSecret != "" && (len(m.RoomSecret) != 64 || !isHex(m.RoomSecret)) {
			return bad("a bad room secret")
		}
		for _, p := range m.Players {
			if p == "" {
				return bad("a bad player id")
			}
		}
	case msgCommit:
		if _, ok := m.Box.Bytes(); m.Game == "" || m.Player == "" || len(m.Commit) != 64 || !isHex(m.Commit) || !m.Key.Valid() || m.Box != "" && !ok {
			return bad("a bad commitment or key")
		}
	case msgReveal:
		if m.Game == "" || m.Player == "" || len(m.Secret) != 64 || !isHex(m.Secret) {
			return bad("a bad secret")
		}
	case msgSeeded:
		if m.Game == "" || m.Player == "" || m.Hash == "" || len(m.Commits) > profile.MaxPlayers {
			return bad("a bad hash")
		}
		for _, c := range m.Commits {
			if len(c) != 64 || !isHex(c) {
				return bad("a bad commitment")
			}
		}
	case msgMove:
		// (A dealt game's sale to the Distant Market goes out before it is applied: no hash.)
		if m.Move == nil {
			return bad("no move")
		}
	case msgAck:
		if m.Hash == "" || m.Link == nil {
			return bad("no hash or link")
		}
	case msgSeatBot, msgSeatBotOK:
		if (m.Level != "" && !botLevel(m.Level)) || m.Runner != nil && (*m.Runner < 0 || *m.Runner >= profile.MaxPlayers) {
			return bad("a bad seat or level")
		}
	case msgCheat:
		if m.Proof == nil && m.Conflict == nil {
			return bad("no proof")
		}
	case msgUndoRequest:
		if len(m.Sig) == 0 {
			return bad("no signature")
		}
	case msgUndo:
		if m.Undo == nil || len(m.Undo.Votes) > profile.MaxPlayers {
			return bad("no proof")
		}
	case msgDeal:
		if len(m.Deals) == 0 {
			return bad("no deal message")
		}
	case msgEnd:
		if m.End == nil {
			return bad("no ending")
		}
	case msgRefused, msgSyncRequest, msgSync, msgUndoVote:
	default:
		return fmt.Errorf("a message of unknown type %q", m.Type)
	}
	return nil
}

func validWireID(id string) bool {
	if len(id) > maxIDLength {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

func isHex(s string) bool {
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f') {
			return false
		}
	}
	return true
}

func validHash(s string) bool { return len(s) == 16 && isHex(s) }

func hashString(h uint64) string { return fmt.Sprintf("%016x", h) }

// botLevel reports whether a level names one of the bots.
func botLevel(l string) bool { return l == "easy" || l == "medium" || l == "hard" }

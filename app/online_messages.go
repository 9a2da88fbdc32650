package app

import (
	"encoding/json"
	"fmt"
	"strings"

	"brass/engine"
)

// The online protocol: JSON messages between the players' devices over the data channels
// (signalling is separate and never sees them). Every device runs the engine, so a message
// carries a move and the state hash after it, never a state.
//
//	hello         sent on every new connection: who I am, which game, how far I am
//	lobby         the host's list of seats while players gather
//	start         the host starts: the game's config, seats and colours, and to each seated
//	              player the room secret (online_reopen.go)
//	commit        my seed commitment: SHA-256 of my secret (commit-reveal)
//	reveal        my secret, sent only once every commitment has arrived
//	seeded        the hash of the initial state I built from the seed; play starts when all agree
//	move          a move with its index and the state hash after it
//	ack           the state hash after I applied move at (desync detection)
//	refused       I refused your move at, and why
//	sync-request  send me your moves from index from
//	sync          moves from index from, and the hash after the last
//	undo-request  please allow me to take back move at
//	undo-vote     my answer to an undo request
//	undo          move at is taken back (everyone agreed)
//	seat-bot      a bot of level, run on the sender's device, plays seat at while its player is
//	              away; with no level, the sender's bot hands the seat back

// ProtocolVersion is the version of the online protocol; peers of another version are told
// to reload.
const ProtocolVersion = 3

// Message types.
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
)

// Limits on what a peer may send.
const (
	maxSyncMoves  = 2000 // a Birmingham game has about 130–250 moves
	maxIDLength   = 64
	maxReasonText = 500
)

// wireMessage is every message, flat: the fields a type does not use are empty.
type wireMessage struct {
	Type    string `json:"t"`
	Version int    `json:"v,omitempty"`
	Game    string `json:"game,omitempty"`
	Player  string `json:"player,omitempty"` // the sender's player id (hello, commit, reveal)

	// hello
	Name    string `json:"name,omitempty"`
	Colour  string `json:"colour,omitempty"`
	Count   int    `json:"count,omitempty"` // moves applied
	HasGame bool   `json:"has_game,omitempty"`

	// lobby, start
	Size    int          `json:"size,omitempty"`
	Seats   []lobbySeat  `json:"seats,omitempty"`
	Host    string       `json:"host,omitempty"`
	Config  *startConfig `json:"config,omitempty"`
	Players []string     `json:"players,omitempty"` // start: player ids by seat
	// start, to a seated player: the secret the room's reopen key derives from
	RoomSecret string `json:"room_secret,omitempty"`

	// commit, reveal, seeded
	Commit string `json:"commit,omitempty"`
	Secret string `json:"secret,omitempty"`

	// move, ack, refused, sync, undo
	At     int           `json:"at"`
	Move   *engine.Move  `json:"move,omitempty"`
	Hash   string        `json:"hash,omitempty"` // hex state hash
	Moves  []engine.Move `json:"moves,omitempty"`
	Reason string        `json:"reason,omitempty"`
	Yes    bool          `json:"yes,omitempty"`
	Level  string        `json:"level,omitempty"` // seat-bot: the bot's level ("": the seat is handed back)
}

// lobbySeat is one seat while players gather.
type lobbySeat struct {
	Player string `json:"player"`
	Name   string `json:"name"`
	Colour string `json:"colour"`
}

// startConfig is the game's config as the host starts it: everything but the seed, which
// the players draw together.
type startConfig struct {
	Edition      string   `json:"edition"`
	Players      int      `json:"players"`
	Names        []string `json:"names"`
	Colours      []string `json:"colours"`
	Introductory bool     `json:"introductory,omitempty"`
	Rules        string   `json:"rules,omitempty"` // the edition's rule set (engine.Config.Rules)
}

func encodeMessage(m wireMessage) []byte {
	b, err := json.Marshal(m)
	if err != nil {
		panic(err) // every field is plain data
	}
	return b
}

// decodeMessage parses and checks a message from a peer. Anything malformed is an error
// that says what is wrong; nothing is acted on.
func decodeMessage(data []byte) (wireMessage, error) {
	var m wireMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return m, fmt.Errorf("a message that is not valid JSON")
	}
	bad := func(what string) (wireMessage, error) {
		return m, fmt.Errorf("a %q message with %s", m.Type, what)
	}
	for _, id := range []string{m.Game, m.Player, m.Host} {
		if !validWireID(id) {
			return bad("a malformed id")
		}
	}
	if len(m.Name) > 4*MaxNameLength || len(m.Colour) > 32 || len(m.Reason) > maxReasonText || len(m.Commit) > 128 || len(m.Secret) > 128 || len(m.RoomSecret) > 64 || len(m.Hash) > 16 {
		return bad("an over-long field")
	}
	if m.At < 0 || m.At > maxSyncMoves || m.Count < 0 || m.Count > maxSyncMoves || len(m.Moves) > maxSyncMoves || len(m.Seats) > MaxPlayers || len(m.Players) > MaxPlayers {
		return bad("a number out of range")
	}
	switch m.Type {
	case msgHello:
		if m.Player == "" {
			return bad("no player id")
		}
	case msgLobby:
		if m.Size < MinPlayers || m.Size > MaxPlayers || len(m.Seats) == 0 || len(m.Seats) > m.Size || m.Host == "" {
			return bad("a bad list of seats")
		}
		for _, s := range m.Seats {
			if s.Player == "" || !validWireID(s.Player) || len(s.Name) > 4*MaxNameLength || len(s.Colour) > 32 {
				return bad("a bad seat")
			}
		}
	case msgStart:
		c := m.Config
		if m.Game == "" || c == nil || c.Players < MinPlayers || c.Players > MaxPlayers || len(m.Players) != c.Players || len(c.Names) != c.Players || len(c.Colours) != c.Players || m.Host == "" {
			return bad("a bad config")
		}
		if m.RoomSecret != "" && (len(m.RoomSecret) != 64 || !isHex(m.RoomSecret)) {
			return bad("a bad room secret")
		}
		for _, p := range m.Players {
			if p == "" || !validWireID(p) {
				return bad("a bad player id")
			}
		}
	case msgCommit:
		if m.Game == "" || m.Player == "" || len(m.Commit) != 64 || !isHex(m.Commit) {
			return bad("a bad commitment")
		}
	case msgReveal:
		if m.Game == "" || m.Player == "" || len(m.Secret) != 64 || !isHex(m.Secret) {
			return bad("a bad secret")
		}
	case msgSeeded:
		if m.Game == "" || m.Player == "" || !validHash(m.Hash) {
			return bad("a bad hash")
		}
	case msgMove:
		if m.Game == "" || m.Move == nil || !validHash(m.Hash) {
			return bad("no move or hash")
		}
	case msgAck:
		if m.Game == "" || !validHash(m.Hash) {
			return bad("a bad hash")
		}
	case msgRefused:
		if m.Game == "" {
			return bad("no game")
		}
	case msgSyncRequest:
		if m.Game == "" {
			return bad("no game")
		}
	case msgSync:
		if m.Game == "" || !validHash(m.Hash) {
			return bad("a bad hash")
		}
	case msgUndoRequest, msgUndoVote, msgUndo:
		if m.Game == "" {
			return bad("no game")
		}
	case msgSeatBot:
		if m.Game == "" || m.At >= MaxPlayers || (m.Level != "" && !isBotLevel(m.Level)) {
			return bad("a bad seat or level")
		}
	default:
		return m, fmt.Errorf("a message of unknown type %q", m.Type)
	}
	return m, nil
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

func validHash(s string) bool { return s != "" && len(s) <= 16 && isHex(s) }

func hashString(h uint64) string { return fmt.Sprintf("%016x", h) }

// sentenceFragment lowercases the first letter so an engine message reads inside a sentence.
func sentenceFragment(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

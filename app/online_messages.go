package app

import (
	"encoding/json"
	"fmt"
	"strings"

	"brass/app/online"
)

// The online protocol before the game: JSON messages between the devices over the data
// channels (signalling is separate and never sees them), while players gather and draw the
// seed. Once the game starts, the messages are the Replica's (package app/online).
//
//	hello         sent on every new connection: who I am, and whether I have your hello;
//	              one that says I have not is answered, so one lost hello heals
//	lobby         the host's list of seats while players gather
//	start         the host starts: the game's config, seats and colours, and to each seated
//	              player the room secret (online_reopen.go)
//	commit        my seed commitment, which binds my signing key for the game to my seat:
//	              SHA-256 of the game, my player id, my key and my secret (commit-reveal)
//	reveal        my secret, sent only once every commitment has arrived
//	seeded        the hash of the initial state I built from the seed; play starts when all agree

// ProtocolVersion is the version of the online protocol, the same as the game's
// (online.Version); peers of another version are told to reload.
const ProtocolVersion = online.Version

// Message types.
const (
	msgHello  = "hello"
	msgLobby  = "lobby"
	msgStart  = "start"
	msgCommit = "commit"
	msgReveal = "reveal"
	msgSeeded = "seeded"
)

// Limits on what a peer may send.
const (
	maxIDLength = 64
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
	Greeted bool   `json:"greeted,omitempty"` // the sender has the recipient's hello

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
	Key    string `json:"key,omitempty"` // commit: the player's signing key for the game
	Secret string `json:"secret,omitempty"`
	Hash   string `json:"hash,omitempty"` // seeded: hex state hash
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
	Dealt        bool     `json:"dealt,omitempty"` // the devices deal the cards (engine.Config.Dealt)
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
	if len(m.Name) > 4*MaxNameLength || len(m.Colour) > 32 || len(m.Commit) > 128 || len(m.Secret) > 128 || len(m.RoomSecret) > 64 || len(m.Hash) > 16 {
		return bad("an over-long field")
	}
	if len(m.Seats) > MaxPlayers || len(m.Players) > MaxPlayers {
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
		if m.Game == "" || m.Player == "" || len(m.Commit) != 64 || !isHex(m.Commit) || !online.PublicKey(m.Key).Valid() {
			return bad("a bad commitment or key")
		}
	case msgReveal:
		if m.Game == "" || m.Player == "" || len(m.Secret) != 64 || !isHex(m.Secret) {
			return bad("a bad secret")
		}
	case msgSeeded:
		if m.Game == "" || m.Player == "" || !validHash(m.Hash) {
			return bad("a bad hash")
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

package engine

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzMove feeds arbitrary bytes as a move at positions of a fixture game: the engine must
// never panic, and a refused move must leave the state unchanged.
//
//	go test ./engine -run XXX -fuzz FuzzMove -fuzztime 60s
func FuzzMove(f *testing.F) { fuzzMove(f, "game-3p.json") }

// FuzzMoveLancashire is FuzzMove at positions of a Roxley Lancashire game.
func FuzzMoveLancashire(f *testing.F) { fuzzMove(f, "game-lancashire-3p.json") }

func fuzzMove(f *testing.F, file string) {
	data, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		f.Fatal(err)
	}
	var fx fixture
	if err := json.Unmarshal(data, &fx); err != nil {
		f.Fatal(err)
	}
	for _, m := range fx.Record.Moves {
		b, _ := json.Marshal(m)
		f.Add(uint8(0), b)
	}
	f.Add(uint8(3), []byte(`{"type":"build","player":0,"card":"nowhere"}`))
	f.Add(uint8(4), []byte(`{"type":"sell","player":0,"card":"bolton","space":"colne_1","port":"distant_market"}`))
	f.Add(uint8(4), []byte(`{"type":"loan","player":0,"card":"bolton","amount":25}`))
	f.Add(uint8(9), []byte(`{"type":"network","links":["a","b","c"]}`))
	f.Add(uint8(1), []byte(`not json`))
	games := map[uint8]*Game{}
	f.Fuzz(func(t *testing.T, at uint8, data []byte) {
		n := int(at) % (len(fx.Record.Moves) + 1)
		g, ok := games[uint8(n)]
		if !ok {
			rec := fx.Record
			rec.Moves = rec.Moves[:n]
			g, _ = Replay(rec)
			games[uint8(n)] = g
		}
		before := g.Hash()
		m, err := ParseMove(data)
		if err != nil {
			return
		}
		c := *g
		c.moves = append([]Move(nil), g.moves...)
		c.log = append([]LogEntry(nil), g.log...)
		if err := c.Apply(m); err != nil {
			if c.Hash() != before || len(c.moves) != len(g.moves) {
				t.Fatalf("refused move %s changed the game", data)
			}
			return
		}
		if err := c.State().CheckInvariants(); err != nil {
			t.Fatalf("accepted move %s broke an invariant: %v", data, err)
		}
	})
}

// FuzzRecord feeds arbitrary bytes as a saved game: parsing and replaying must never panic,
// and a replay that fails keeps a valid prefix.
func FuzzRecord(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "game-*.json"))
	for _, file := range files {
		data, _ := os.ReadFile(file)
		var fx fixture
		if json.Unmarshal(data, &fx) == nil {
			b, _ := json.Marshal(fx.Record)
			f.Add(b)
		}
	}
	f.Add([]byte(`{"format":1,"config":{"edition":"birmingham","players":5,"seed":1},"moves":[]}`))
	f.Add([]byte(`{"format":99}`))
	f.Add([]byte(`{"format":1,"config":{"edition":"birmingham","players":2,"seed":1},"moves":[{"type":"pass","player":7}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ParseRecord(data)
		if err != nil {
			return
		}
		if len(rec.Moves) > 400 {
			rec.Moves = rec.Moves[:400]
		}
		g, err := Replay(rec)
		if g == nil {
			return
		}
		if err := g.State().CheckInvariants(); err != nil {
			t.Fatalf("replayed prefix is inconsistent: %v", err)
		}
	})
}

// actionBytes is the fixed layout FuzzAction reads an Action from, one byte per field.
func actionBytes(a Action) []byte {
	return []byte{byte(a.Kind), a.Player, byte(a.Card), byte(a.Industry), byte(a.Space), byte(a.Merchant),
		a.NLinks, a.NCoal, a.NIron, a.NBeer, a.NDev, a.NCards,
		byte(a.Links[0]), byte(a.Links[1]), byte(a.Coal[0]), byte(a.Coal[1]), byte(a.Iron[0]), byte(a.Iron[1]),
		byte(a.Beer[0]), byte(a.Beer[1]), byte(a.Dev[0]), byte(a.Dev[1]), byte(a.Cards[0]), byte(a.Cards[1]),
		byte(a.Port), a.Loan}
}

// actionFrom reads an Action from arbitrary bytes (missing bytes are 0): every field, the
// counts and the index arrays included, can take any value.
func actionFrom(data []byte) Action {
	var b [26]byte
	copy(b[:], data)
	return Action{
		Kind: Kind(b[0]), Player: b[1], Card: CardKind(b[2]), Industry: Industry(b[3]),
		Space: int8(b[4]), Merchant: int8(b[5]),
		NLinks: b[6], NCoal: b[7], NIron: b[8], NBeer: b[9], NDev: b[10], NCards: b[11],
		Links: [2]int8{int8(b[12]), int8(b[13])}, Coal: [2]int8{int8(b[14]), int8(b[15])},
		Iron: [2]int8{int8(b[16]), int8(b[17])}, Beer: [2]int8{int8(b[18]), int8(b[19])},
		Dev: [2]Industry{Industry(b[20]), Industry(b[21])}, Cards: [2]CardKind{CardKind(b[22]), CardKind(b[23])},
		Port: int8(b[24]), Loan: b[25],
	}
}

// FuzzAction feeds raw compact Actions, every field arbitrary, to State.Apply (the entry
// point of bots and peers) at positions of a fixture game. The engine must never panic; a
// refused action leaves the state unchanged and names a rule; an accepted one keeps the
// invariants and means the same after Edition.Encode and Edition.Decode, so peers that
// exchange Moves reach the same state. The seed corpus (run by go test) is every recorded
// move, and variations of it with source codes and indexes that do not fit.
//
//	go test ./engine -run XXX -fuzz FuzzAction -fuzztime 60s
func FuzzAction(f *testing.F) { fuzzAction(f, "game-3p.json") }

// FuzzActionLancashire is FuzzAction at positions of an original-rules Lancashire game.
func FuzzActionLancashire(f *testing.F) { fuzzAction(f, "game-lancashire-original-4p.json") }

func fuzzAction(f *testing.F, file string) {
	fx := loadFixture(f, file)
	moves := fx.Record.Moves
	ed, _ := EditionFor(fx.Record.Config.Edition, fx.Record.Config.Rules)
	for i, m := range moves {
		a, err := ed.Decode(m)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), actionBytes(a))
		odd := a // merchant beer given as coal or iron, the market as beer
		switch {
		case a.NCoal > 0:
			odd.Coal[0] = SrcMerchant
		case a.NIron > 0:
			odd.Iron[0] = SrcMerchant
		case a.NBeer > 0:
			odd.Beer[0] = SrcMarket
		default:
			odd.NCoal, odd.Coal[0] = 1, SrcMerchant
		}
		f.Add(uint8(i), actionBytes(odd))
		odd = a // the card's, space's and merchant's indexes one past the end
		odd.Card, odd.Space, odd.Merchant = CardKind(len(ed.Cards)), int8(len(ed.Spaces)), int8(len(ed.MerchantSpaces))
		f.Add(uint8(i), actionBytes(odd))
		odd = a // a field of another kind, and a count past the arrays
		odd.NCards, odd.NDev = 3, 1
		f.Add(uint8(i), actionBytes(odd))
		odd = a // a port and a loan amount where they do not belong, or out of range
		odd.Port, odd.Loan = int8(len(ed.Spaces)+1), 4
		f.Add(uint8(i), actionBytes(odd))
	}
	f.Add(uint8(0), []byte{})
	f.Add(uint8(5), []byte{byte(KindBuild), 0, 0, byte(Cotton), 0xff, 0xff, 0, 2, 0, 0, 0, 0, 0, 0, 0xfd, 0xfd})
	games := map[int]*Game{}
	f.Fuzz(func(t *testing.T, at uint8, data []byte) {
		n := int(at) % (len(moves) + 1)
		g, ok := games[n]
		if !ok {
			rec := fx.Record
			rec.Moves = moves[:n]
			var err error
			if g, err = Replay(rec); err != nil {
				t.Fatal(err)
			}
			games[n] = g
		}
		a := actionFrom(data)
		s := *g.State()
		before := s.Hash()
		err := s.Apply(&a)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Reason.Rule == RuleNone || e.Msg == "" {
				t.Fatalf("refusal of %+v without a rule or message: %v", a, err)
			}
			if s.Hash() != before {
				t.Fatalf("refused %+v changed the state", a)
			}
			return
		}
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("accepted %+v broke an invariant: %v", a, err)
		}
		b, err := ed.Decode(ed.Encode(a))
		if err != nil {
			t.Fatalf("accepted %+v does not survive Encode and Decode: %v", a, err)
		}
		again := *g.State()
		if err := again.Apply(&b); err != nil || again.Hash() != s.Hash() {
			t.Fatalf("accepted %+v means something else as the move %v: %v", a, ed.Encode(a), err)
		}
	})
}

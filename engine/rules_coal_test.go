package engine_test

import (
	"errors"
	"testing"

	"brass/engine"
	"brass/engine/enginetest"
)

// TestConsumingCoal checks rulebook "Consuming Coal": the closest connected unflipped mine
// first, a choice among equally close mines, the market only through a merchant connection,
// £8 when the market is empty, and no coal across an unbuilt line.
func TestConsumingCoal(t *testing.T) {
	// Cotton Mill II needs 1 coal. Player 0 builds in Birmingham with the Birmingham card.
	base := func() *enginetest.Builder {
		return enginetest.New(t, 3).Era(engine.Rail).Turn(0).
			MatLevel(0, engine.Cotton, 2).
			Money(0, 50).
			Hand(0, "birmingham", "birmingham")
	}
	build := engine.Move{Type: "build", Player: 0, Card: "birmingham", Industry: "cotton_mill", Space: "birmingham_1"}
	withCoal := func(src ...string) engine.Move { m := build; m.Coal = src; return m }
	tests := []struct {
		name    string
		pos     *enginetest.Builder
		move    engine.Move
		wantErr error
		check   func(t *testing.T, s *engine.State)
	}{
		{
			name: "coal is taken from the nearer of two mines",
			pos: base().Link("dudley-birmingham", 1).Tile("dudley_1", 1, engine.Coal, 2, 2).
				Link("walsall-birmingham", 1).Link("cannock-walsall", 1).Tile("cannock_2", 2, engine.Coal, 2, 2),
			move: build,
			check: func(t *testing.T, s *engine.State) {
				if cubes(s, "dudley_1") != 1 || cubes(s, "cannock_2") != 2 {
					t.Errorf("coal taken from the wrong mine: dudley %d, cannock %d", cubes(s, "dudley_1"), cubes(s, "cannock_2"))
				}
			},
		},
		{
			name: "the farther mine is refused while a nearer one has coal",
			pos: base().Link("dudley-birmingham", 1).Tile("dudley_1", 1, engine.Coal, 2, 2).
				Link("walsall-birmingham", 1).Link("cannock-walsall", 1).Tile("cannock_2", 2, engine.Coal, 2, 2),
			move:    withCoal("cannock_2"),
			wantErr: engine.ErrIllegal,
		},
		{
			name: "two equally close mines let the player choose",
			pos: base().Link("dudley-birmingham", 1).Tile("dudley_1", 1, engine.Coal, 2, 2).
				Tile("tamworth_1", 2, engine.Coal, 2, 2).Link("tamworth-birmingham", 2),
			move: withCoal("tamworth_1"),
			check: func(t *testing.T, s *engine.State) {
				if cubes(s, "tamworth_1") != 1 || cubes(s, "dudley_1") != 2 {
					t.Errorf("the chosen mine was not used")
				}
			},
		},
		{
			name:    "a mine across an unbuilt line cannot supply coal, and with no merchant connection the build is refused",
			pos:     base().Tile("dudley_1", 1, engine.Coal, 2, 2),
			move:    build,
			wantErr: engine.ErrIllegal,
		},
		{
			name: "with no connected mine the coal comes from the market through a merchant connection",
			pos:  base().Link("birmingham-oxford", 1).CoalMarket(13),
			move: build,
			check: func(t *testing.T, s *engine.State) {
				if s.CoalMarket != 12 || s.Players[0].Money != 50-14-1 {
					t.Errorf("market coal: market %d money %d", s.CoalMarket, s.Players[0].Money)
				}
			},
		},
		{
			name: "an empty coal market still sells coal for £8",
			pos:  base().Link("birmingham-oxford", 1).CoalMarket(0),
			move: build,
			check: func(t *testing.T, s *engine.State) {
				if s.Players[0].Money != 50-14-8 || s.Players[0].Spent != 22 {
					t.Errorf("money %d spent %d", s.Players[0].Money, s.Players[0].Spent)
				}
			},
		},
		{
			name:    "a flipped mine is not a source",
			pos:     base().Link("dudley-birmingham", 1).Flipped("dudley_1", 1, engine.Coal, 2),
			move:    build,
			wantErr: engine.ErrIllegal,
		},
		{
			name: "taking the last cube flips the mine and raises its owner's income",
			pos:  base().Link("dudley-birmingham", 1).Tile("dudley_1", 1, engine.Coal, 2, 1),
			move: build,
			check: func(t *testing.T, s *engine.State) {
				sp, _ := s.Edition().SpaceByID("dudley_1")
				if !s.Tiles[sp].Flipped || s.Players[1].IncomeSpace != 10+7 {
					t.Errorf("flipped %v, owner income space %d", s.Tiles[sp].Flipped, s.Players[1].IncomeSpace)
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.pos.Game()
			before := g.Hash()
			err := g.Apply(tc.move)
			if tc.wantErr != nil {
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("got %v, want %v", err, tc.wantErr)
				}
				if g.Hash() != before {
					t.Fatal("a refused move changed the state")
				}
				t.Logf("refused: %v", err)
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if tc.check != nil {
				tc.check(t, g.State())
			}
		})
	}
}

func cubes(s *engine.State, space string) int {
	sp, _ := s.Edition().SpaceByID(space)
	return int(s.Tiles[sp].Cubes)
}

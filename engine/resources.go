package engine

import "math/bits"

// Consuming coal, iron and beer (rulebook "Consuming Coal", "Consuming Iron", "Consuming
// Beer"). A pool is a scratch copy of every resource on the board and in the markets, so a
// whole action's consumption can be planned and checked before anything changes; Apply and
// the legal-action enumeration both draw from it through the same option functions.

type pool struct {
	cubes   [maxSpaces]uint8
	coalMkt uint8
	ironMkt uint8
	mbeer   [maxMerchantSpaces]uint8
	cost    int // money owed to the bank for market purchases so far
	// Which build spaces hold which resource tiles (bits by space; fixed while planning):
	mines     uint64 // unflipped coal mines
	ironWorks uint64 // iron works
	breweries uint64 // breweries
	taken     uint64 // the spaces a cube or barrel was taken from (for commitPool)
	// anchors are the locations that give access to the coal market: merchants (Birmingham),
	// external locations and locations holding any Port tile (Lancashire's "constructed port").
	anchors uint64
	ports   uint64 // the build spaces holding an unflipped Port tile (Lancashire sales)
}

// commitPool writes the pool back into the state. A coal mine, iron works or brewery whose
// last cube or barrel was taken flips and raises its owner's income ("Flipping Industry Tiles").
// Only the spaces something was taken from can have changed.
func (s *State) commitPool(pl *pool) {
	for m := pl.taken; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		t := &s.Tiles[i]
		if t.Owner == 0 || t.Cubes == pl.cubes[i] {
			continue
		}
		t.Cubes = pl.cubes[i]
		if t.Cubes == 0 && !t.Flipped {
			s.flip(i)
		}
	}
	s.CoalMarket, s.IronMarket = pl.coalMkt, pl.ironMkt
	for m := range s.ed.MerchantSpaces {
		s.Merchants[m].Beer = pl.mbeer[m]
	}
}

// flip turns a tile to its flipped side and advances its owner's income.
func (s *State) flip(sp int) {
	t := &s.Tiles[sp]
	t.Flipped = true
	spec := s.TileSpec(*t)
	s.advanceIncome(int(t.Owner)-1, spec.Income)
	if s.log != nil {
		s.logf(LogFlip, int(t.Owner)-1, "%s's %s in %s flips: income +%d spaces (level %d).",
			s.name(int(t.Owner)-1), tileName(t.Industry, spec.Level), s.spaceName(sp), spec.Income, s.IncomeLevel(int(t.Owner)-1))
	}
}

// coalCtx lists the coal mines connected to a place, closest first.
type coalCtx struct {
	n      int
	sp     [maxSpaces]int8
	dist   [maxSpaces]int8
	market bool // connected to a merchant location (Lancashire: a constructed port), so the coal market is reachable
}

// coalContext prepares coal sources for a tile built at, or a link touching, the locations
// in at: the unflipped coal mines connected to them by the links in g, by distance (the
// number of links) and then board order, walking out one link at a time.
func (s *State) coalContext(g *graph, pl *pool, at uint64, c *coalCtx) {
	t := &s.ed.tables
	c.n = 0
	seen, frontier := at, at
	for d := int8(0); frontier != 0; d++ {
		next, spaces := uint64(0), uint64(0)
		for f := frontier; f != 0; f &= f - 1 {
			loc := bits.TrailingZeros64(f)
			next |= g.adj[loc]
			spaces |= t.locSpaces[loc]
		}
		for m := spaces & pl.mines; m != 0; m &= m - 1 {
			c.sp[c.n], c.dist[c.n] = int8(bits.TrailingZeros64(m)), d
			c.n++
		}
		frontier = next &^ seen
		seen |= next
	}
	c.market = seen&pl.anchors != 0
}

// options lists the legal sources of the next coal cube: the connected mines with coal left
// at the smallest distance, or else the market if connected to a merchant. dist is that
// distance (or -1 for the market).
func (c *coalCtx) options(pl *pool, out *[maxSpaces]int8) (n int, dist int8) {
	best := int8(-1)
	for i := 0; i < c.n; i++ {
		if pl.cubes[c.sp[i]] == 0 {
			continue
		}
		if best >= 0 && c.dist[i] > best {
			break
		}
		best = c.dist[i]
		out[n] = c.sp[i]
		n++
	}
	if n == 0 && c.market {
		out[0] = SrcMarket
		return 1, -1
	}
	return n, best
}

// takeCoal consumes one coal from src (a mine or the market).
func (s *State) takeCoal(pl *pool, src int8) {
	if src == SrcMarket {
		pl.cost += s.ed.CoalMarket.BuyPrice(int(pl.coalMkt))
		if pl.coalMkt > 0 {
			pl.coalMkt--
		}
		return
	}
	pl.cubes[src]--
	pl.taken |= 1 << uint(src)
}

// ironOptions lists the legal sources of the next iron: any unflipped iron works with iron
// left, wherever it is, or else the market (which needs no connection).
func (s *State) ironOptions(pl *pool, out *[maxSpaces]int8) int {
	n := 0
	for m := pl.ironWorks; m != 0; m &= m - 1 {
		if i := bits.TrailingZeros64(m); pl.cubes[i] > 0 {
			out[n] = int8(i)
			n++
		}
	}
	if n == 0 {
		out[0] = SrcMarket
		n = 1
	}
	return n
}

func (s *State) takeIron(pl *pool, src int8) {
	if src == SrcMarket {
		pl.cost += s.ed.IronMarket.BuyPrice(int(pl.ironMkt))
		if pl.ironMkt > 0 {
			pl.ironMkt--
		}
		return
	}
	pl.cubes[src]--
	pl.taken |= 1 << uint(src)
}

// beerOptions lists the legal beer sources for player p: their own breweries anywhere, an
// opponent's brewery connected to the places in reach, and, when merchant >= 0, the barrel
// beside that merchant tile.
func (s *State) beerOptions(p int, reach uint64, merchant int, pl *pool, out *[maxSpaces + 1]int8) int {
	n := 0
	if merchant >= 0 && pl.mbeer[merchant] > 0 {
		out[n] = SrcMerchant
		n++
	}
	owner := uint8(p + 1)
	t := &s.ed.tables
	for m := pl.breweries; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		if pl.cubes[i] == 0 {
			continue
		}
		if s.Tiles[i].Owner != owner && reach&locBit(int(t.spaceLoc[i])) == 0 {
			continue
		}
		out[n] = int8(i)
		n++
	}
	return n
}

func (s *State) takeBeer(pl *pool, src int8, merchant int) {
	if src == SrcMerchant {
		pl.mbeer[merchant]--
		return
	}
	pl.cubes[src]--
	pl.taken |= 1 << uint(src)
}

// resourceOnBoard reports whether any cube of the industry's resource is on a tile or in its
// market (the condition for overbuilding an opponent's coal mine or iron works).
func (s *State) resourceOnBoard(ind Industry) bool {
	if ind == Coal && s.CoalMarket > 0 || ind == Iron && s.IronMarket > 0 {
		return true
	}
	for i := range s.ed.Spaces {
		if s.Tiles[i].Owner != 0 && s.Tiles[i].Industry == ind && s.Tiles[i].Cubes > 0 {
			return true
		}
	}
	return false
}

// consumed lists, in order, the coal, iron and beer an action takes and what each unit
// cost from a market, for the action's log line.
type consumed struct {
	n     uint8
	res   [6]Resource
	src   [6]int8
	price [6]int16
}

func (u *consumed) add(res Resource, src int8, price int) {
	if int(u.n) < len(u.res) {
		u.res[u.n], u.src[u.n], u.price[u.n] = res, src, int16(price)
		u.n++
	}
}

// The pay functions plan n units for one tile, link or sale: the given sources in order,
// then the default for each unit left out (the first of the legal sources: see Move). ctx
// carries the ids a refusal names (the tile, the link or the sale), and its Rule is the
// rule to give when no source is left (RuleNoCoalConnection or RuleNoCoalForLink,
// RuleNoBeer or RuleNoBeerForLink; iron always has the market).

// payCoal plans n coal for a tile or link at the locations in at, connected by the links in g.
func (s *State) payCoal(g *graph, pl *pool, at uint64, n int, given []int8, u *consumed, ctx Reason) Reason {
	if len(given) > n {
		return tooMany(ctx, ResCoal, n, len(given))
	}
	if n == 0 {
		return Reason{}
	}
	var c coalCtx
	s.coalContext(g, pl, at, &c)
	var opts [maxSpaces]int8
	for i := 0; i < n; i++ {
		k, _ := c.options(pl, &opts)
		if k == 0 {
			return ctx
		}
		src := opts[0]
		if i < len(given) {
			src = given[i]
			if !containsSrc(opts[:k], src) {
				return badSource(ctx, ResCoal, src, opts[:k])
			}
		}
		cost := pl.cost
		s.takeCoal(pl, src)
		u.add(ResCoal, src, pl.cost-cost)
	}
	return Reason{}
}

// payIron plans n iron (no connection needed).
func (s *State) payIron(pl *pool, n int, given []int8, u *consumed, ctx Reason) Reason {
	if len(given) > n {
		return tooMany(ctx, ResIron, n, len(given))
	}
	var opts [maxSpaces]int8
	for i := 0; i < n; i++ {
		k := s.ironOptions(pl, &opts)
		src := opts[0]
		if i < len(given) {
			src = given[i]
			if !containsSrc(opts[:k], src) {
				return badSource(ctx, ResIron, src, opts[:k])
			}
		}
		cost := pl.cost
		s.takeIron(pl, src)
		u.add(ResIron, src, pl.cost-cost)
	}
	return Reason{}
}

// payBeer plans n beer for player p: reach is where an opponent's brewery must be, and
// merchant the merchant space sold to (−1: none, for a double rail link). merchantBeer
// reports whether the merchant's beer was taken.
func (s *State) payBeer(p int, pl *pool, reach uint64, merchant int, n int, given []int8, u *consumed, ctx Reason) (r Reason, merchantBeer bool) {
	if len(given) > n {
		return tooMany(ctx, ResBeer, n, len(given)), false
	}
	var opts [maxSpaces + 1]int8
	for i := 0; i < n; i++ {
		k := s.beerOptions(p, reach, merchant, pl, &opts)
		if k == 0 {
			return ctx, false
		}
		src := opts[0]
		if i < len(given) {
			src = given[i]
			if !containsSrc(opts[:k], src) {
				return badSource(ctx, ResBeer, src, opts[:k]), false
			}
		}
		if src == SrcMerchant {
			merchantBeer = true
		}
		s.takeBeer(pl, src, merchant)
		u.add(ResBeer, src, 0)
	}
	return Reason{}, merchantBeer
}

func tooMany(ctx Reason, res Resource, need, given int) Reason {
	ctx.Rule, ctx.Res, ctx.N, ctx.M = RuleTooManySources, res, int16(need), int16(given)
	return ctx
}

func badSource(ctx Reason, res Resource, src int8, opts []int8) Reason {
	ctx.Rule, ctx.Res, ctx.Space, ctx.Options = RuleSource, res, src, sourcesOf(opts)
	return ctx
}

func containsSrc(list []int8, v int8) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

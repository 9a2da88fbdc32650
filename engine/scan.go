package engine

// boardScan is what the rules read of the board, gathered in one pass over the build spaces
// and one over the links when an action is checked or the legal actions are listed: the
// resources to draw on, the built links as a graph, and where each player's tiles are.
type boardScan struct {
	pl       pool
	g        graph
	owned    [MaxPlayers]uint64 // build spaces holding an industry tile of the player
	tileLocs [MaxPlayers]uint64 // locations holding one
	linkLocs [MaxPlayers]uint64 // locations touched by a link tile of the player
}

// scan fills b from the state.
func (s *State) scan(b *boardScan) {
	s.scanSpaces(b)
	s.scanLinks(b)
}

// scanSpaces fills what the build spaces and markets tell: the pool, and the players'
// tiles. It is all a Develop action needs.
func (s *State) scanSpaces(b *boardScan) {
	tab := &s.ed.tables
	pl := &b.pl
	pl.mines, pl.ironWorks, pl.breweries, pl.taken = 0, 0, 0, 0
	pl.anchors, pl.ports = s.ed.anchorMask, 0
	b.owned, b.tileLocs = [MaxPlayers]uint64{}, [MaxPlayers]uint64{}
	for i := range s.ed.Spaces {
		t := &s.Tiles[i]
		pl.cubes[i] = t.Cubes
		if t.Owner == 0 {
			continue
		}
		bit := uint64(1) << uint(i)
		if o := int(t.Owner) - 1; o < MaxPlayers {
			b.owned[o] |= bit
			b.tileLocs[o] |= 1 << tab.spaceLoc[i]
		}
		switch t.Industry {
		case Coal:
			if !t.Flipped {
				pl.mines |= bit
			}
		case Iron:
			pl.ironWorks |= bit
		case Brewery:
			pl.breweries |= bit
		case Port:
			pl.anchors |= 1 << tab.spaceLoc[i]
			if !t.Flipped {
				pl.ports |= bit
			}
		}
	}
	pl.coalMkt, pl.ironMkt = s.CoalMarket, s.IronMarket
	for m := range s.ed.MerchantSpaces {
		pl.mbeer[m] = s.Merchants[m].Beer
	}
	pl.cost = 0
}

// scanLinks fills what the links tell: the graph, and the players' links.
func (s *State) scanLinks(b *boardScan) {
	tab := &s.ed.tables
	b.g = graph{}
	b.linkLocs = [MaxPlayers]uint64{}
	for l := range s.ed.Links {
		o := int(s.Links[l])
		if o == 0 {
			continue
		}
		b.g.add(tab.linkMask[l])
		if o <= MaxPlayers {
			b.linkLocs[o-1] |= tab.linkMask[l]
		}
	}
}

// network is the player's network: locations with one of their industry tiles or next to
// one of their link tiles (rulebook "Your Network"); anywhere reports that they have no
// tile of either kind on the board ("Building If You Have No Tiles on the Board"), which is
// when the network is empty, since every tile and link adds a location to it. What such a
// player may build is for cardRule and linkRule to say.
func (b *boardScan) network(p int) (net uint64, anywhere bool) {
	net = b.tileLocs[p] | b.linkLocs[p]
	return net, net == 0
}

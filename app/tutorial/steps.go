package tutorial

import (
	"fmt"

	"brass/app"
	"brass/engine"
)

// The Birmingham tutorial: two players, the introductory game (the Canal Era only), seed 7.
// The player (the Apprentice, seat 0) learns each action over the first five rounds, the
// Tutor's moves are scripted so the lessons happen (it uses the Apprentice's coal, lends
// its iron, links Walsall to Birmingham), then steps to read explain the end of the era,
// the introductory scoring and the Rail Era, and the Tutor goes on as the Easy bot.
//
// To change it: edit the steps and run go test ./app/tutorial, which replays every move
// on the engine and says which step no longer fits the deal or the rules and why.

// Birmingham is the tutorial the start screen offers.
var Birmingham = &Script{
	Config: engine.Config{
		Edition: "birmingham", Players: 2, Seed: 7, Introductory: true,
		Names: []string{"Apprentice", "Tutor"},
	},
	Colours: app.DefaultColours(2),
	Bots:    []string{"", "easy"},
	Steps:   birminghamSteps,
}

// mv is a move of the script.
func mv(m engine.Move) *engine.Move { return &m }

// firstIs checks that a player goes first in the round the step is shown in.
func firstIs(p int) func(st *engine.State) string {
	return func(st *engine.State) string {
		if int(st.Order[0]) != p {
			return fmt.Sprintf("the step says %s goes first, but %s does", st.Name(p), st.Name(int(st.Order[0])))
		}
		return ""
	}
}

// flipped checks that the tile on a space has been flipped.
func flipped(space string) func(st *engine.State) string {
	return func(st *engine.State) string {
		sp, ok := st.Edition().SpaceByID(space)
		if !ok || st.Tiles[sp].Player() < 0 || !st.Tiles[sp].Flipped {
			return "the step says the tile on " + space + " is flipped, and it is not"
		}
		return ""
	}
}

var birminghamSteps = []Step{
	{
		Title: "Welcome to Brass",
		Say: "This is the introductory game of Brass: Birmingham, for two: you are the Apprentice, in the first colour; the Tutor plays the other seat. " +
			"You build industries, link towns by canal and sell goods to merchants; victory points (VP) come from links and flipped tiles.",
		Rule: "The introductory game plays exactly like the full game, except you only play the Canal Era",
	},
	{
		Title: "Rounds and turns",
		Say: "Each round every player takes a turn of 2 actions, each discarding a card from the hand, which then refills to 8 cards. " +
			"Round 1 is shorter: 1 action each. You go first.",
		Rule:  "During the first round of the Canal Era, each player performs only 1 action.",
		Check: firstIs(Player),
	},
	{
		Title: "Build",
		Say: "Build a Coal Mine in Dudley with your Dudley card: a location card builds in its town, even outside your network. " +
			"The mine costs £5 and holds coal that any connected industry can use.",
		Rule: "May be used to build any Industry tile at the location named on the card, even if the location is not a part of your network.",
		Move: mv(engine.Move{Type: "build", Player: 0, Card: "dudley", Industry: "coal_mine", Space: "dudley_1"}),
	},
	{
		Title: "The Tutor's turn",
		Say:   "The Tutor builds a Brewery. It needs 1 iron, which never needs a connection: it comes from the iron market.",
		Move:  mv(engine.Move{Type: "build", Player: 1, Card: "brewery", Industry: "brewery", Space: "farm_brewery_north_1", Iron: []string{"market"}}),
	},
	{
		Title: "Turn order",
		Say: "Round 1 is over. Whoever spent least goes first next round: you spent £5, the Tutor £7, so you start round 2. " +
			"The round summary shows this and the income each player took (none yet: both incomes are level 0).",
		Rule:  "The player who spent the least money this round will go first next round",
		Check: firstIs(Player),
	},
	{
		Title: "Network",
		Say: "Now 2 actions. First link Dudley–Birmingham with a canal, £3 and any card. " +
			"Your network is every town with one of your tiles or next to one of your links.",
		Rule: "The placed Link tile must be adjacent to a location that is a part of your network",
		Move: mv(engine.Move{Type: "network", Player: 0, Card: "coalbrookdale", Links: []string{"dudley-birmingham"}}),
	},
	{
		Title: "Scout",
		Say: "No card in your hand builds a Manufacturer in Birmingham. Scout: discard Stafford, Cannock and Wolverhampton " +
			"for a Wild Location and a Wild Industry card.",
		Rule: "Discard any card from your Hand, plus 2 additional cards and place them face up onto your Discard Pile.",
		Move: mv(engine.Move{Type: "scout", Player: 0, Card: "stafford", Cards: []string{"cannock", "wolverhampton"}}),
	},
	{
		Title: "The Tutor uses your coal",
		Say: "The Tutor builds an Iron Works in Birmingham. Its coal comes from the closest connected coal mine, whoever owns it: " +
			"yours in Dudley, through your canal. A new Iron Works sells iron to the iron market at once.",
		Move: mv(engine.Move{Type: "build", Player: 1, Card: "birmingham", Industry: "iron_works", Space: "birmingham_3", Coal: []string{"dudley_1"}}),
	},
	{
		Title: "The Tutor's turn",
		Say:   "The Tutor links its Brewery to Cannock.",
		Move:  mv(engine.Move{Type: "network", Player: 1, Card: "pottery", Links: []string{"cannock-farm_brewery_north"}}),
	},
	{
		Title: "Coal",
		Say: "Build a Manufacturer in Birmingham with the Wild Industry card: an industry card builds in your network. " +
			"It needs 1 coal: the last one on your mine in Dudley. A mine whose last coal is taken flips, and its owner's income rises.",
		Rule: "The closest (fewest Link tiles distant) connected unflipped Coal Mine (owned by any player).",
		Move: mv(engine.Move{Type: "build", Player: 0, Card: "wild_industry", Industry: "manufacturer", Space: "birmingham_2", Coal: []string{"dudley_1"}}),
	},
	{
		Title: "Loan",
		Say: "You have £1 left. Take a loan with the Dudley card: £30 now, paid for with 3 income levels. " +
			"Loans are never repaid.",
		Rule: "Take £30 from the bank, and move your Income Marker 3 income levels (not spaces) backwards down the Progress Track.",
		Move: mv(engine.Move{Type: "loan", Player: 0, Card: "dudley"}),
	},
	{
		Title: "The Tutor's turn",
		Say:   "The Tutor takes a loan too.",
		Move:  mv(engine.Move{Type: "loan", Player: 1, Card: "pottery"}),
	},
	{
		Title: "The Tutor's turn",
		Say:   "The Tutor links Stafford to Cannock, spending only £3 this round.",
		Move:  mv(engine.Move{Type: "network", Player: 1, Card: "stafford", Links: []string{"stafford-cannock"}}),
	},
	{
		Title: "Income",
		Say: "Round 3 is over. The Tutor spent £3 and you £8, so the Tutor goes first in round 4. " +
			"Your flipped mine in Dudley raised your income, the loan lowered it: you paid £1 at the round's end.",
		Rule:  "If your income level is negative, you must pay that amount of money to the Bank.",
		Glow:  []string{"dudley_1"},
		Check: func(st *engine.State) string { return firstIs(1)(st) + flipped("dudley_1")(st) },
	},
	{
		Title: "The Tutor's turn",
		Say:   "The Tutor builds a Cotton Mill in Kidderminster.",
		Move:  mv(engine.Move{Type: "build", Player: 1, Card: "kidderminster", Industry: "cotton_mill", Space: "kidderminster_2"}),
	},
	{
		Title: "The Tutor's turn",
		Say:   "The Tutor links Walsall to Birmingham.",
		Move:  mv(engine.Move{Type: "network", Player: 1, Card: "coal_mine", Links: []string{"walsall-birmingham"}}),
	},
	{
		Title: "Merchants",
		Say: "To sell, a tile must be connected to a merchant that buys it. Oxford's merchant buys every kind of goods: " +
			"link Birmingham–Oxford.",
		Rule: "Connection to a Merchant tile.",
		Move: mv(engine.Move{Type: "network", Player: 0, Card: "worcester", Links: []string{"birmingham-oxford"}}),
	},
	{
		Title: "Develop",
		Say: "Develop takes the lowest tile of an industry off your mat, so you reach better levels sooner. Develop your Cotton Mill I. " +
			"It costs 1 iron, from any Iron Works without a connection: the Tutor's in Birmingham, free.",
		Rule: "Any unflipped Iron Works (owned by any player); it does not have to be the closest.",
		Move: mv(engine.Move{Type: "develop", Player: 0, Card: "worcester", Iron: []string{"birmingham_3"}, Develop: []string{"cotton_mill"}}),
	},
	{
		Title: "Sell",
		Say: "Sell your Manufacturer in Birmingham to Oxford. It needs 1 beer: the barrel beside Oxford's merchant, which also gives " +
			"its bonus, 2 income spaces. Selling flips the tile: your income rises, and it will score VP.",
		Rule: "If there is a beer barrel on the space beside the Merchant tile you are selling to, you may consume this beer as part of the Sell action, and collect the Merchant beer bonus",
		Move: mv(engine.Move{Type: "sell", Player: 0, Card: "burton_on_trent", Space: "birmingham_2", Beer: []string{"oxford_2"}, Merchant: "oxford_2"}),
	},
	{
		Title: "Coal from the market",
		Say: "Build an Iron Works with the Wild Location card, which builds in any town: Walsall's is the only Iron Works space it can take now, " +
			"so the builder places it there by itself. No mine with coal is connected, so the coal is bought from the coal market, " +
			"which needs a connection to a merchant: Walsall reaches Oxford by the canals.",
		Rule: "If you are not connected to an unflipped Coal Mine, you can purchase coal from the Coal Market, starting at the cheapest price.",
		Move: mv(engine.Move{Type: "build", Player: 0, Card: "wild_location", Industry: "iron_works", Space: "walsall_1", Coal: []string{"market"}}),
	},
	{
		Title: "The Tutor's turn",
		Say:   "The Tutor links Coalbrookdale to Kidderminster.",
		Move:  mv(engine.Move{Type: "network", Player: 1, Card: "kidderminster", Links: []string{"coalbrookdale-kidderminster"}}),
	},
	{
		Title: "The Tutor's turn",
		Say:   "The Tutor builds a Coal Mine in Cannock.",
		Move:  mv(engine.Move{Type: "build", Player: 1, Card: "cannock", Industry: "coal_mine", Space: "cannock_2"}),
	},
	{
		Title: "Flipped tiles",
		Say: "Your Manufacturer and your mine are flipped (glowing): each raised your income when it flipped, and each scores its VP " +
			"at the end of the era. Unflipped tiles score nothing.",
		Rule:  "Unflipped Industry tiles do not score.",
		Glow:  []string{"birmingham_2", "dudley_1"},
		Check: func(st *engine.State) string { return flipped("birmingham_2")(st) + flipped("dudley_1")(st) },
	},
	{
		Title: "The end of the era",
		Say: "When the last cards are played (10 rounds at 2 players), the era ends. Each link scores 1 VP for every link icon " +
			"in the places it joins (glowing: yours), then each flipped tile scores its VP.",
		Rule: "There are exactly 8/9/10 rounds per era in a 4/3/2-players game.",
		Glow: []string{"birmingham-oxford", "dudley-birmingham"},
	},
	{
		Title: "Introductory scoring",
		Say: "This introductory game then ends with extra VP: 1 per £4 you hold (at most 15), your income level, " +
			"and your flipped level II and higher tiles again.",
		Rule: "Score 1 VP for every £4 in your player area (up to a maximum of 15 VPs).",
	},
	{
		Title: "The Rail Era",
		Say: "The full game goes on into the Rail Era: level I tiles leave the board, links are railways, which need coal, " +
			"and you may build several tiles in a town. Then everything is scored again.",
		Rule: "Remove all level 1 Industry tiles from the board (not from Player Mats), and return them to the box.",
	},
	{
		Title: "Over to you",
		Say: "That is the whole game in small. Play on against the Tutor, now the Easy bot, to the end of the era, or leave: " +
			"Menu keeps the game, and the start screen offers to continue it. Hint asks the Hard bot what it would do.",
	},
}

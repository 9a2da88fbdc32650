package board

// Screen layout of the Brass: Birmingham board: pure data keyed by the engine's ids, in
// the viewBox and around the progress track that layout.go defines.

// townLayout places the 20 towns and the 2 farm breweries, following the real map:
// north at the top, Warrington's corner top left, Oxford's bottom right.
var townLayout = map[string]townSpec{
	"leek":               {pt{395, 100}, 2, 2},
	"belper":             {pt{622, 100}, 3, 3},
	"stoke_on_trent":     {pt{268, 212}, 3, 3},
	"derby":              {pt{762, 222}, 3, 3},
	"uttoxeter":          {pt{525, 282}, 2, 2},
	"stone":              {pt{330, 328}, 2, 2},
	"burton_on_trent":    {pt{700, 372}, 2, 2},
	"stafford":           {pt{362, 444}, 2, 2},
	"cannock":            {pt{452, 548}, 2, 2},
	"farm_brewery_north": {pt{272, 556}, 1, 1},
	"tamworth":           {pt{792, 500}, 2, 2},
	"walsall":            {pt{590, 640}, 2, 2},
	"wolverhampton":      {pt{372, 652}, 2, 2},
	"coalbrookdale":      {pt{178, 722}, 3, 3},
	"nuneaton":           {pt{866, 652}, 2, 2},
	"dudley":             {pt{392, 782}, 2, 2},
	"birmingham":         {pt{612, 792}, 4, 2},
	"coventry":           {pt{832, 812}, 3, 3},
	"kidderminster":      {pt{205, 852}, 2, 2},
	"farm_brewery_south": {pt{96, 880}, 1, 1},
	"worcester":          {pt{304, 952}, 2, 2},
	"redditch":           {pt{565, 960}, 2, 2},
}

var merchantLayout = map[string]merchantSpec{
	"warrington": {pt{114, 108}, 2},
	"nottingham": {pt{886, 108}, 2},
	"shrewsbury": {pt{102, 598}, 1},
	"gloucester": {pt{126, 994}, 2},
	"oxford":     {pt{874, 990}, 2},
}

// linkLayout has an entry for every one of the 39 links, keyed by the engine's link id.
var linkLayout = map[string]linkSpec{
	"warrington-stoke_on_trent":                  {},
	"stoke_on_trent-leek":                        {},
	"leek-belper":                                {},
	"belper-derby":                               {},
	"derby-nottingham":                           {},
	"derby-uttoxeter":                            {},
	"derby-burton_on_trent":                      {},
	"uttoxeter-stone":                            {},
	"stone-stoke_on_trent":                       {},
	"stone-burton_on_trent":                      {},
	"stone-stafford":                             {},
	"stafford-cannock":                           {},
	"cannock-farm_brewery_north":                 {},
	"cannock-burton_on_trent":                    {},
	"cannock-wolverhampton":                      {},
	"cannock-walsall":                            {},
	"walsall-burton_on_trent":                    {Via: []pt{{660, 520}}},
	"burton_on_trent-tamworth":                   {},
	"wolverhampton-coalbrookdale":                {},
	"coalbrookdale-shrewsbury":                   {},
	"walsall-wolverhampton":                      {},
	"walsall-tamworth":                           {},
	"tamworth-nuneaton":                          {},
	"tamworth-birmingham":                        {},
	"walsall-birmingham":                         {},
	"wolverhampton-dudley":                       {},
	"coalbrookdale-kidderminster":                {},
	"kidderminster-dudley":                       {},
	"dudley-birmingham":                          {},
	"birmingham-nuneaton":                        {},
	"nuneaton-coventry":                          {},
	"birmingham-coventry":                        {},
	"birmingham-worcester":                       {},
	"kidderminster-worcester-farm_brewery_south": {Junction: &pt{212, 918}},
	"worcester-gloucester":                       {},
	"gloucester-redditch":                        {Via: []pt{{330, 1022}}},
	"birmingham-redditch":                        {},
	"redditch-oxford":                            {},
	"birmingham-oxford":                          {},
}

// birminghamSpec is the whole Birmingham board: the tables above, its markets, the
// compass rose and the key, each in an empty part of the map.
var birminghamSpec = boardSpec{
	Towns:     townLayout,
	Merchants: merchantLayout,
	Links:     linkLayout,
	Coal:      marketSpec{pt{50, 262}, 14},
	Iron:      marketSpec{pt{144, 262}, 10},
	Compass:   pt{492, 192},
	Key:       pt{862, 280},
}

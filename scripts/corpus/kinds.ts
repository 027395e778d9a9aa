/**
 * One or more small diagrams of every diagram kind mermaid registers, each drawn in a few
 * variants (labels, direction, theme) so every renderer is exercised more than once.
 */
import type { CorpusDiagram } from './random';

const KINDS: Record<string, (n: number) => string> = {
  flowchart: (n) =>
    `flowchart ${['TD', 'LR', 'BT', 'RL'][n % 4]}\n    A[Start ${n}] --> B{Is it?}\n    B -->|Yes| C[OK]\n    C --> D[Rethink]\n    D --> B\n    B ---->|No| E((End))\n    E -.-> F>flag] ==> G[(db)]\n    subgraph one [Group ${n}]\n      G --> H{{hex}}\n    end\n    classDef hot fill:#f96\n    class C hot`,
  graph: (n) =>
    `graph LR\n    A --> B & C --> D\n    A -- text ${n} --> E\n    E --o F\n    F --x G\n    G <--> A`,
  flowchartElk: (n) => `flowchart-elk TD\n    A[elk ${n}] --> B --> C\n    A --> C`,
  sequence: (n) => `sequenceDiagram\n    Alice->>Bob: variant ${n}\n    Bob-->>Alice: reply`,
  class: (n) =>
    `classDiagram\n    Animal <|-- Duck\n    Animal <|-- Fish\n    Animal : +int age${n}\n    Animal : +String gender\n    Animal: +isMammal() bool\n    class Duck{\n      +String beakColor\n      +swim()\n    }\n    class Fish~T~{\n      -int sizeInFeet\n      -canEat()$\n    }\n    Duck "1" *-- "many" Egg : has\n    <<interface>> Animal\n    note for Duck "can fly"`,
  classV2: (n) =>
    `classDiagram-v2\n    class Shape${n} {\n      <<abstract>>\n      +area() double*\n    }\n    Shape${n} <|.. Circle\n    Circle o-- Point`,
  state: (n) =>
    `stateDiagram-v2\n    [*] --> Still\n    Still --> [*]\n    Still --> Moving : push ${n}\n    Moving --> Crash\n    state Moving {\n      [*] --> Slow\n      Slow --> Fast\n    }\n    state fork_state <<fork>>\n    Crash --> fork_state\n    fork_state --> [*]\n    note right of Crash : broken`,
  stateV1: (n) =>
    `stateDiagram\n    [*] --> A${n}\n    A${n} --> B: go\n    state choice <<choice>>\n    B --> choice\n    choice --> [*]: done\n    choice --> A${n}: again`,
  er: (n) =>
    `erDiagram\n    CUSTOMER ||--o{ ORDER : places\n    ORDER ||--|{ LINE-ITEM : contains\n    CUSTOMER }|..|{ DELIVERY-ADDRESS : uses\n    CUSTOMER {\n      string name\n      string custNumber${n} PK\n      int age "in years"\n    }`,
  journey: (n) =>
    `journey\n    title My working day ${n}\n    section Go to work\n      Make tea: 5: Me\n      Go upstairs: 3: Me\n      Do work: 1: Me, Cat\n    section Go home\n      Go downstairs: 5: Me\n      Sit down: ${1 + (n % 5)}: Me`,
  gantt: (n) =>
    `gantt\n    title A Gantt Diagram ${n}\n    dateFormat YYYY-MM-DD\n    section Section\n    A task :a1, 2014-01-01, 30d\n    Another task :after a1, 20d\n    section Another\n    Task in sec :2014-01-12, 12d\n    another task :24d\n    Milestone :milestone, m1, 2014-02-20, 0d`,
  pie: (n) =>
    `pie showData\n    title Pets ${n}\n    "Dogs" : ${386 + n}\n    "Cats" : 85\n    "Rats" : 15`,
  quadrant: (n) =>
    `quadrantChart\n    title Reach and engagement ${n}\n    x-axis Low Reach --> High Reach\n    y-axis Low Engagement --> High Engagement\n    quadrant-1 We should expand\n    quadrant-2 Need to promote\n    quadrant-3 Re-evaluate\n    quadrant-4 May be improved\n    Campaign A: [0.3, 0.6]\n    Campaign B: [0.45, 0.23]\n    Campaign C: [0.${(n % 9) + 1}, 0.8]`,
  requirement: (n) =>
    `requirementDiagram\n    requirement test_req {\n      id: ${n}\n      text: the test text.\n      risk: high\n      verifymethod: test\n    }\n    element test_entity {\n      type: simulation\n    }\n    test_entity - satisfies -> test_req`,
  gitGraph: (n) =>
    `gitGraph\n    commit id: "c${n}"\n    commit\n    branch develop\n    checkout develop\n    commit\n    commit tag: "v${n}"\n    checkout main\n    merge develop\n    commit type: HIGHLIGHT`,
  c4: (n) =>
    `C4Context\n    title System Context ${n}\n    Person(customerA, "Banking Customer A", "A customer of the bank.")\n    System(SystemAA, "Internet Banking System", "Allows customers to view information.")\n    SystemDb_Ext(SystemE, "Mainframe", "Stores all core banking information.")\n    Rel(customerA, SystemAA, "Uses")\n    Rel(SystemAA, SystemE, "Uses")`,
  c4Container: (n) =>
    `C4Container\n    title Containers ${n}\n    Person(user, "User")\n    Container_Boundary(b, "App") {\n      Container(web, "Web", "React")\n      ContainerDb(db, "DB", "Postgres")\n    }\n    Rel(user, web, "Uses")\n    Rel(web, db, "Reads")`,
  mindmap: (n) =>
    `mindmap\n  root((mindmap ${n}))\n    Origins\n      Long history\n      ::icon(fa fa-book)\n      Popularisation\n    Research\n      On effectiveness<br/>and features\n    Tools\n      Pen and paper\n      [Mermaid]`,
  timeline: (n) =>
    `timeline\n    title History of Social Media ${n}\n    2002 : LinkedIn\n    2004 : Facebook : Google\n    2005 : YouTube\n    section Later\n    2006 : Twitter`,
  sankey: (n) =>
    `sankey-beta\n\nAgricultural 'waste',Bio-conversion,124.729\nBio-conversion,Liquid,0.597\nBio-conversion,Losses,${26 + n}.862\nBio-conversion,Solid,280.322\nBio-conversion,Gas,81.144`,
  xychart: (n) =>
    `xychart-beta\n    title "Sales Revenue ${n}"\n    x-axis [jan, feb, mar, apr, may]\n    y-axis "Revenue" 4000 --> 11000\n    bar [5000, 6000, 7500, 8200, ${9500 + n}]\n    line [5000, 6000, 7500, 8200, 9500]`,
  block: (n) =>
    `block-beta\n  columns 3\n  a["A ${n}"]:2 b c\n  d(("circle")) e f\n  block:group1:2\n    g h\n  end\n  a --> d`,
  packet: (n) =>
    `packet-beta\n  0-15: "Source Port ${n}"\n  16-31: "Destination Port"\n  32-63: "Sequence Number"\n  64-95: "Acknowledgment Number"`,
  kanban: (n) =>
    `kanban\n  Todo\n    [Create Documentation ${n}]\n    docs[Create Blog about the new diagram]\n  [In progress]\n    id6[Create renderer]\n  id9[Ready for deploy]\n    id8[Design grammar]@{ assigned: 'knsv' }`,
  architecture: (n) =>
    `architecture-beta\n    group api(cloud)[API ${n}]\n    service db(database)[Database] in api\n    service disk1(disk)[Storage] in api\n    service server(server)[Server] in api\n    db:L -- R:server\n    disk1:T -- B:server`,
  radar: (n) =>
    `radar-beta\n  title Grades ${n}\n  axis m["Math"], s["Science"], e["English"]\n  curve a["Alice"]{85, 90, 80}\n  curve b["Bob"]{70, 75, ${60 + n}}`,
  treemap: (n) =>
    `treemap-beta\n"Category A"\n    "Item A1": ${10 + n}\n    "Item A2": 20\n"Category B"\n    "Item B1": 15\n    "Item B2": 25`,
  info: () => `info`,
  venn: (n) =>
    `venn-beta\n  title Overlap ${n}\n  set A["Alpha"]\n  set B["Beta"]\n  union A,B["Both"]`,
  ishikawa: (n) =>
    `ishikawa-beta\n  Late delivery ${n}\n    People\n      Not trained\n    Process\n      No checklist\n    Tools\n      Old laptop`,
  treeView: (n) => `treeView-beta\n  root${n}\n    src\n      index.ts\n    package.json`,
  wardley: (n) =>
    `wardley-beta\n  title Tea shop ${n}\n  component Customer [0.95, 0.5]\n  component Cup of Tea [0.79, 0.61]\n  Customer -> Cup of Tea`,
  cynefin: (n) =>
    `cynefin-beta\n  title Domains ${n}\n  clear\n    "Best practice"\n  complex\n    "Probe"`,
  eventmodeling: (n) =>
    `eventmodeling\n  tf 01 cmd AddItem${n}\n  tf 02 evt ItemAdded\n  tf 03 rmo Cart`,
  swimlane: (n) =>
    `swimlane-beta\n  subgraph A [Lane A]\n    a1[Start ${n}]\n  end\n  subgraph B [Lane B]\n    b1[Finish]\n  end\n  a1 --> b1`,
  railroad: (n) =>
    `railroad-beta\n  expr${n} = sequence(nonterminal("term"), optional(terminal("+"))) ;`,
  railroadEbnf: (n) => `railroad-ebnf-beta\n  digit${n} = "0" | "1" | "2" ;`,
  railroadAbnf: (n) => `railroad-abnf-beta\n  rule${n} = "a" / "b" ;`,
  railroadPeg: (n) => `railroad-peg-beta\n  Rule${n} <- "a" / "b" ;`,
};

const THEMES = ['', '%%{init: {"theme": "dark"}}%%\n', '%%{init: {"theme": "forest"}}%%\n'];

export function otherKinds(variants: number): CorpusDiagram[] {
  const diagrams: CorpusDiagram[] = [];
  for (const [kind, make] of Object.entries(KINDS)) {
    for (let n = 0; n < variants; n += 1) {
      diagrams.push({ name: `${kind}-${n}`, text: `${THEMES[n % THEMES.length]}${make(n)}\n` });
    }
  }
  return diagrams;
}

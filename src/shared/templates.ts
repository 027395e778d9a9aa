/** The four built-in templates of spec §3 and the blank-diagram defaults. */

export type TemplateCategory = 'Sequence' | 'Flowchart' | 'Class';

export interface Template {
  id: string;
  title: string;
  description: string;
  category: TemplateCategory;
  content: string;
}

export const TEMPLATES: readonly Template[] = [
  {
    id: 'sequence-basic',
    title: 'Basic Sequence Diagram',
    description: 'Two participants exchanging a greeting and a reply.',
    category: 'Sequence',
    content: `sequenceDiagram
    participant Alice
    participant Bob
    Alice->>Bob: Hello Bob, how are you?
    Bob-->>Alice: I am good, thanks!`,
  },
  {
    id: 'sequence-auth',
    title: 'Authentication Flow',
    description: 'A user signs in: credentials, auth request, token and login success.',
    category: 'Sequence',
    content: `sequenceDiagram
    participant User
    participant Client
    participant Server
    User->>Client: Enter credentials
    Client->>Server: Authentication request
    Server-->>Client: Token
    Client-->>User: Login success`,
  },
  {
    id: 'flowchart-basic',
    title: 'Basic Flowchart',
    description: 'A start, a yes/no decision, and OK or end.',
    category: 'Flowchart',
    content: `flowchart TD
    A[Start] --> B{Is it working?}
    B -->|Yes| C[OK]
    B -->|No| D[End]`,
  },
  {
    id: 'class-basic',
    title: 'Basic Class Diagram',
    description: 'An Animal base class with Duck and Fish subclasses, their fields and methods.',
    category: 'Class',
    content: `classDiagram
    Animal <|-- Duck
    Animal <|-- Fish
    class Animal {
        +int age
        +String gender
        +isMammal() bool
        +mate()
    }
    class Duck {
        +String beakColor
        +swim()
        +quack()
    }
    class Fish {
        -int sizeInFeet
        -canEat()
    }`,
  },
];

export const BLANK_DIAGRAM = {
  id: 0,
  title: 'New Diagram',
  content: `sequenceDiagram
    participant User
    participant System
    User->>System: Request
    System-->>User: Response`,
  isPublic: false,
  shareToken: null,
  folderId: null,
  position: 0,
} as const;

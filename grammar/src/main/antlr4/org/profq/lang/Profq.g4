/*
 * The profq profiling language: one statement asks for one profile, optionally filtered,
 * ordered, cut and compared across two recordings. ProfqCompiler turns a parsed statement
 * into SQL over the profile views; the README publishes this grammar as EBNF.
 *
 *   heap by method where class = 'org.h2.*' and bytes > 10mb order by bytes desc top 10
 *   time by method where self > 100us columns signature, calls, self_ns
 *   heap by method compare a with b
 *
 * Keywords are case-insensitive; words that name columns (method, class, calls, ...) are
 * keywords only where the grammar needs them and names everywhere else.
 */
grammar Profq;

options { caseInsensitive = true; }

statement
    : profile clause* ';'? EOF
    ;

profile
    : HEAP BY subject=(METHOD | SITE | CLASS)     # heapProfile
    | LIFETIME BY SITE                            # lifetimeProfile
    | WASTE BY SITE                               # wasteProfile
    | TIME BY METHOD                              # timeProfile
    | TREE (UNDER pattern)?                       # treeProfile
    | CALLS OF pattern                            # callsProfile
    | EXCEPTIONS BY SITE                          # exceptionsProfile
    | VALUES OF pattern                           # valuesProfile
    ;

clause
    : WHERE condition                             # whereClause
    | TOP count=(INTEGER | PARAMETER)             # topClause
    | ORDER BY orderItem (',' orderItem)*         # orderClause
    | COLUMNS name (',' name)*                    # columnsClause
    | COMPARE left=name WITH right=name           # compareClause
    ;

orderItem
    : name direction=(ASC | DESC)?
    ;

condition
    : NOT condition                               # notCondition
    | condition AND condition                     # andCondition
    | condition OR condition                      # orCondition
    | '(' condition ')'                           # groupCondition
    | name comparison value                       # comparisonCondition
    ;

comparison
    : '=' | '!=' | '<>' | '<' | '<=' | '>' | '>='
    ;

value
    : STRING                                      # textValue
    | (INTEGER | DECIMAL | PARAMETER) unit=IDENT? # quantityValue
    | (TRUE | FALSE)                              # flagValue
    ;

pattern
    : STRING
    | PARAMETER
    ;

/* A column or field name; the keywords that are also column names are names here. */
name
    : IDENT | METHOD | SITE | CLASS | CALLS | TIME | LIFETIME | WASTE | TREE | EXCEPTIONS | VALUES | HEAP
    ;

HEAP       : 'heap';
BY         : 'by';
METHOD     : 'method';
SITE       : 'site';
CLASS      : 'class';
LIFETIME   : 'lifetime';
WASTE      : 'waste';
TIME       : 'time';
TREE       : 'tree';
UNDER      : 'under';
CALLS      : 'calls';
OF         : 'of';
EXCEPTIONS : 'exceptions';
VALUES     : 'values';
WHERE      : 'where';
AND        : 'and';
OR         : 'or';
NOT        : 'not';
TOP        : 'top';
ORDER      : 'order';
ASC        : 'asc';
DESC       : 'desc';
COLUMNS    : 'columns';
COMPARE    : 'compare';
WITH       : 'with';
TRUE       : 'true';
FALSE      : 'false';

INTEGER    : [0-9]+;
DECIMAL    : [0-9]+ '.' [0-9]+ | '.' [0-9]+;
STRING     : '\'' (~['\r\n] | '\'\'')* '\'';
/* A quote not closed on its line: its own token, so the error can say so. */
UNCLOSED   : '\'' (~['\r\n] | '\'\'')*;
/* A report's :name, or JDBC's ? */
PARAMETER  : ':' [a-z_] [a-z0-9_]* | '?';
IDENT      : [a-z_] [a-z0-9_]*;

COMMENT    : '--' ~[\r\n]* -> skip;
SPACE      : [ \t\r\n]+ -> skip;
/* Anything else is one token the parser refuses, so the lexer itself never fails. */
UNKNOWN    : .;

package profq.samples;

/**
 * The Kamio–Masuhara paper's Figures 1 and 5: {@code getSourceLine()} and
 * {@code getBytecodeTypeDec()} are called on the same AST object before and after the line
 * number of its source location changes. The object graph: {@code ast.parent} is a
 * {@code TypeDec}, {@code ast.srcLoc} a {@code SourceLocation}.
 *
 * <p>MT+R: the write to {@code srcLoc.lineNumber} changes the modification time of the graph
 * reachable from {@code ast}, so both methods' two calls differ. MT+R/M: {@code getSourceLine}
 * reads {@code srcLoc} and {@code lineNumber} (its reference field set), so its calls differ;
 * {@code getBytecodeTypeDec} reads only {@code parent}, so its calls are equal.
 */
public final class AstObjects {
    public static void main(String[] args) {
        TypeDec type = new TypeDec(null, new SourceLocation(1));
        ASTObject ast = new ASTObject(type, new SourceLocation(10));
        int l1 = ast.getSourceLine();
        TypeDec t1 = ast.getBytecodeTypeDec();
        ast.srcLoc.lineNumber = -1;
        int l2 = ast.getSourceLine();
        TypeDec t2 = ast.getBytecodeTypeDec();
        System.out.println("lines " + l1 + " " + l2 + ", same type declaration: " + (t1 == t2));
    }

    static class ASTObject {
        ASTObject parent;
        SourceLocation srcLoc;

        ASTObject(ASTObject parent, SourceLocation srcLoc) {
            this.parent = parent;
            this.srcLoc = srcLoc;
        }

        TypeDec getBytecodeTypeDec() {
            if (getParent() instanceof TypeDec typeDec) {
                return typeDec;
            }
            return getParent().getBytecodeTypeDec();
        }

        int getSourceLine() {
            return srcLoc.getLine();
        }

        ASTObject getParent() {
            return parent;
        }
    }

    static final class TypeDec extends ASTObject {
        TypeDec(ASTObject parent, SourceLocation srcLoc) {
            super(parent, srcLoc);
        }
    }

    static final class SourceLocation {
        int lineNumber;

        SourceLocation(int lineNumber) {
            this.lineNumber = lineNumber;
        }

        int getLine() {
            return lineNumber;
        }
    }
}

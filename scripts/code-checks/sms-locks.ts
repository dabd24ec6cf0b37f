import ts from 'typescript';

/**
 * Where code names an SMS lock or takes an advisory lock by hand. The SMS locks have one order
 * (api/src/domain/sms/locks.ts: cap locks sorted, then the approval-code lock, then entity
 * sequence rows) and one function that takes them in it (`takeSmsLocks`); a key spelled anywhere
 * else is a lock taken outside that order.
 */
export interface HandLock {
  line: number;
  kind: 'sms-key' | 'advisory-lock';
  text: string;
}

/** Key prefixes of the SMS locks (recipient, organization, approval-code issuer). */
const SMS_KEY = /\bsms-(to:|org:|approval-codes\b)/;
const ADVISORY = /pg_advisory(_xact)?_lock/;

export function handLocks(source: ts.SourceFile): HandLock[] {
  const found: HandLock[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const text = node.text;
      if (SMS_KEY.test(text)) found.push({ line: at(node), kind: 'sms-key', text });
      if (ADVISORY.test(text)) found.push({ line: at(node), kind: 'advisory-lock', text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

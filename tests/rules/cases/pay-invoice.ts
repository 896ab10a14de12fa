/**
 * A `registerTool` handler that pays an invoice and whose `catch` starts with `guard` (from line 7, indented by four
 * spaces) before it answers with an error result: the place where a server lets the URL elicitation error through.
 */
export const payInvoiceTool = (imports: string, guard: string): string => `
${imports}
server.registerTool("pay_invoice", { inputSchema: {} }, async ({ invoiceId }: { invoiceId: string }) => {
  try {
    return { content: [{ type: "text", text: \`Paid: \${(await payments.pay(invoiceId)).id}\` }] };
  } catch (error) {
${guard}
    return { content: [{ type: "text", text: \`Error: \${String(error)}\` }], isError: true };
  }
});`;

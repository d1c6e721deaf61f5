/** Reading what the server sent by mail, through the admin's outbox API (as an admin would). */
export async function signInApi(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

export async function lastMailLinkTo(baseUrl: string, adminToken: string, to: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/outbox`, { headers: { authorization: `Bearer ${adminToken}` } });
  const { messages } = (await res.json()) as { messages: { to: string; text: string }[] };
  const mail = messages.find((m) => m.to === to);
  const link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no mail with a link to ${to}`);
  return link;
}

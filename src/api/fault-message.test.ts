import { describe, expect, it } from 'vitest';
import { faultMessage, unescapeXml } from './fault-message';
import { readCookie } from './cookies';

describe('faultMessage', () => {
  it('reads and unescapes the Message element', () => {
    expect(faultMessage('<Fault><Message>a &lt;b&gt; &amp; &#x263A;</Message></Fault>')).toBe('a <b> & \u263A');
  });
  it('returns undefined without a Message or with an empty one', () => {
    expect(faultMessage('<Fault></Fault>')).toBeUndefined();
    expect(faultMessage('<Fault><Message>  </Message></Fault>')).toBeUndefined();
    expect(faultMessage('{"error":"x"}')).toBeUndefined();
  });
  it('accepts multi-line text and CDATA', () => {
    expect(faultMessage('<Fault><Message>line 1\nline 2</Message></Fault>')).toBe('line 1\nline 2');
    expect(faultMessage('<Fault><Message><![CDATA[a < b]]></Message></Fault>')).toBe('a < b');
  });
  it('leaves unknown entities alone', () => {
    expect(unescapeXml('&nbsp; &amp;amp;')).toBe('&nbsp; &amp;');
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=abc%3D%3D; b=2')).toBe('abc==');
    expect(readCookie('XSRF-TOKEN', 'a=1')).toBeUndefined();
    expect(readCookie('XSRF-TOKEN', '')).toBeUndefined();
  });
});

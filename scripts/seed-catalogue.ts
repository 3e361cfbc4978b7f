/**
 * Issue 10, slice A: the catalogue's demo data (`seedCatalogue`) and the demo clients' licences.
 * Called from scripts/seed.ts. Idempotent: the catalogue's columns are filled once (an operator's
 * later edits stay), texts and licences are inserted only when missing.
 */
import type pg from 'pg';
import { PRODUCT_IDS, REGIONS, REGION_PROFILES, type TLanguage, type TProductId, type TProductTag } from '@portal/proto';
import { schemaName } from '@portal/service-common/db/shard-map';

/** Trial lengths: spec §1/§9 fix bownow 15 and lpbuilder 7; the other free-trial products get 14 (docs/decisions.md). */
const CATALOGUE: Record<TProductId, { trialDays: number | null; freePlan: boolean; tags: TProductTag[] }> = {
  bownow: { trialDays: 15, freePlan: false, tags: ['btob', 'deals', 'web_marketing', 'dx'] },
  fullstar: { trialDays: 14, freePlan: true, tags: ['btob', 'dx', 'partner'] },
  cocoar: { trialDays: 14, freePlan: true, tags: ['btoc', 'promotion', 'fan_marketing'] },
  lessar: { trialDays: 14, freePlan: true, tags: ['btoc', 'promotion', 'fan_marketing'] },
  actibook: { trialDays: 14, freePlan: true, tags: ['btob', 'btoc', 'promotion', 'visualize'] },
  aichat: { trialDays: null, freePlan: true, tags: ['btob', 'btoc', 'dx'] },
  izanai: { trialDays: 14, freePlan: true, tags: ['btob', 'deals', 'web_marketing'] },
  bluemonkey: { trialDays: null, freePlan: true, tags: ['btob', 'web_marketing'] },
  plusdb: { trialDays: null, freePlan: true, tags: ['btob', 'dx', 'visualize'] },
  appgoose: { trialDays: null, freePlan: true, tags: ['btoc', 'fan_marketing', 'promotion'] },
  creca: { trialDays: null, freePlan: true, tags: ['btoc', 'promotion', 'web_marketing'] },
  cmp: { trialDays: null, freePlan: true, tags: ['btob', 'btoc', 'web_marketing'] },
  lpbuilder: { trialDays: 7, freePlan: false, tags: ['btob', 'btoc', 'web_marketing', 'deals'] },
  crowdbooth: { trialDays: null, freePlan: true, tags: ['partner', 'btob', 'web_marketing'] },
  metabadge: { trialDays: null, freePlan: true, tags: ['fan_marketing', 'btoc'] },
};

/** Descriptions, one line per product and language: [ja-jp, en-us, ms-my, zh-cn, zh-tw, vi-vn, th-th]. */
const TEXTS: Record<TProductId, [string, string, string, string, string, string, string]> = {
  bownow: ['見込み顧客の行動を可視化し、商談につなげるマーケティングオートメーション。', 'Marketing automation that shows what prospects do and turns them into deals.', 'Automasi pemasaran yang menunjukkan tindakan prospek dan menukarkannya kepada urus niaga.', '可视化潜在客户行为并促成商机的营销自动化工具。', '將潛在客戶行為可視化並促成商機的行銷自動化工具。', 'Tự động hóa tiếp thị giúp thấy hành vi khách hàng tiềm năng và biến họ thành giao dịch.', 'ระบบการตลาดอัตโนมัติที่แสดงพฤติกรรมของลูกค้าเป้าหมายและเปลี่ยนเป็นโอกาสการขาย'],
  fullstar: ['操作ガイドやチュートリアルでカスタマーサクセスを支援します。', 'Guided tours and tutorials inside your app for customer success.', 'Lawatan berpandu dan tutorial dalam aplikasi anda untuk kejayaan pelanggan.', '通过应用内引导和教程助力客户成功。', '透過應用程式內導覽與教學協助客戶成功。', 'Hướng dẫn và bài học ngay trong ứng dụng để khách hàng thành công.', 'ทัวร์แนะนำและบทเรียนในแอปเพื่อความสำเร็จของลูกค้า'],
  cocoar: ['印刷物や商品にかざすと動画や3Dが現れるARツール。', 'An AR tool: point a phone at print or products to show video and 3D.', 'Alat AR: halakan telefon pada bahan cetak atau produk untuk memaparkan video dan 3D.', 'AR工具：用手机对准印刷品或商品即可显示视频和3D内容。', 'AR工具：用手機對準印刷品或商品即可顯示影片和3D內容。', 'Công cụ AR: hướng điện thoại vào ấn phẩm hoặc sản phẩm để hiện video và 3D.', 'เครื่องมือ AR: ส่องโทรศัพท์ไปที่สิ่งพิมพ์หรือสินค้าเพื่อแสดงวิดีโอและ 3D'],
  lessar: ['アプリ不要、ブラウザで体験できるWeb AR。', 'Web AR that runs in the browser, no app needed.', 'Web AR yang berjalan dalam pelayar, tanpa aplikasi.', '无需应用，在浏览器中即可体验的Web AR。', '無需應用程式，在瀏覽器中即可體驗的Web AR。', 'Web AR chạy trên trình duyệt, không cần ứng dụng.', 'Web AR ที่ใช้งานได้ในเบราว์เซอร์ ไม่ต้องติดตั้งแอป'],
  actibook: ['PDFをめくれる電子ブックに変換し、閲覧状況を分析します。', 'Turns PDFs into page-turning e-books and shows how they are read.', 'Menukar PDF kepada e-buku yang boleh diselak dan menunjukkan cara ia dibaca.', '将PDF转换为可翻页的电子书，并分析阅读情况。', '將PDF轉換為可翻頁的電子書，並分析閱讀情況。', 'Chuyển PDF thành sách điện tử lật trang và cho biết cách người đọc xem.', 'แปลง PDF เป็นอีบุ๊กแบบพลิกหน้าและแสดงสถิติการอ่าน'],
  aichat: ['FAQからAIが回答するチャットボット。', 'An AI chatbot that answers from your FAQ.', 'Bot sembang AI yang menjawab daripada Soalan Lazim anda.', '基于常见问题由AI自动回答的聊天机器人。', '依據常見問題由AI自動回答的聊天機器人。', 'Chatbot AI trả lời dựa trên câu hỏi thường gặp của bạn.', 'แชทบอท AI ที่ตอบคำถามจาก FAQ ของคุณ'],
  izanai: ['Webサイトの訪問者を会話で問い合わせへ導くチャットボット。', 'A chatbot that guides website visitors to an inquiry.', 'Bot sembang yang membimbing pelawat laman web untuk membuat pertanyaan.', '通过对话引导网站访客进行咨询的聊天机器人。', '透過對話引導網站訪客進行詢問的聊天機器人。', 'Chatbot dẫn dắt khách truy cập website đến việc gửi yêu cầu.', 'แชทบอทที่พาผู้เยี่ยมชมเว็บไซต์ไปสู่การติดต่อสอบถาม'],
  bluemonkey: ['専門知識なしでサイトを更新できるCMS。', 'A CMS to update your site without technical knowledge.', 'CMS untuk mengemas kini laman anda tanpa pengetahuan teknikal.', '无需专业知识即可更新网站的CMS。', '無需專業知識即可更新網站的CMS。', 'CMS giúp cập nhật website mà không cần kiến thức kỹ thuật.', 'CMS สำหรับอัปเดตเว็บไซต์โดยไม่ต้องมีความรู้ทางเทคนิค'],
  plusdb: ['ノーコードで業務データベースを作成・共有。', 'Build and share business databases without code.', 'Bina dan kongsi pangkalan data perniagaan tanpa kod.', '无需编程即可创建和共享业务数据库。', '無需程式即可建立和分享業務資料庫。', 'Tạo và chia sẻ cơ sở dữ liệu nghiệp vụ không cần lập trình.', 'สร้างและแชร์ฐานข้อมูลธุรกิจโดยไม่ต้องเขียนโค้ด'],
  appgoose: ['プッシュ通知付きのスマホアプリを手軽に作成。', 'Build smartphone apps with push notifications, easily.', 'Bina aplikasi telefon pintar dengan pemberitahuan tolak dengan mudah.', '轻松创建带推送通知的手机应用。', '輕鬆建立具推播通知的手機應用程式。', 'Dễ dàng tạo ứng dụng điện thoại có thông báo đẩy.', 'สร้างแอปสมาร์ตโฟนพร้อมการแจ้งเตือนแบบพุชได้อย่างง่ายดาย'],
  creca: ['スマホ向けランディングページをテンプレートで作成。', 'Make smartphone landing pages from templates.', 'Hasilkan halaman pendaratan telefon pintar daripada templat.', '使用模板制作手机版着陆页。', '使用範本製作手機版到達頁面。', 'Tạo trang đích cho điện thoại từ mẫu có sẵn.', 'สร้างแลนดิ้งเพจสำหรับสมาร์ตโฟนจากเทมเพลต'],
  cmp: ['Cookie同意を取得・管理する同意管理プラットフォーム。', 'A consent management platform for cookie consent.', 'Platform pengurusan persetujuan untuk persetujuan kuki.', '获取并管理Cookie同意的同意管理平台。', '取得並管理Cookie同意的同意管理平台。', 'Nền tảng quản lý sự đồng ý cookie.', 'แพลตฟอร์มจัดการความยินยอมสำหรับคุกกี้'],
  lpbuilder: ['ドラッグ＆ドロップでランディングページを作成。', 'Build landing pages by drag and drop.', 'Bina halaman pendaratan dengan seret dan lepas.', '通过拖放创建着陆页。', '透過拖放建立到達頁面。', 'Tạo trang đích bằng kéo và thả.', 'สร้างแลนดิ้งเพจด้วยการลากและวาง'],
  crowdbooth: ['オンライン展示会やWebサイトを手軽に構築。', 'Build websites and online exhibition booths quickly.', 'Bina laman web dan gerai pameran dalam talian dengan cepat.', '快速搭建网站和线上展位。', '快速建置網站與線上展位。', 'Nhanh chóng xây dựng website và gian hàng triển lãm trực tuyến.', 'สร้างเว็บไซต์และบูธนิทรรศการออนไลน์ได้อย่างรวดเร็ว'],
  metabadge: ['ファンに贈るデジタルバッジで参加を促進。', 'Digital badges for your fans that reward taking part.', 'Lencana digital untuk peminat anda sebagai ganjaran penyertaan.', '向粉丝发放数字徽章，激励参与。', '向粉絲發放數位徽章，鼓勵參與。', 'Huy hiệu số tặng người hâm mộ để khuyến khích tham gia.', 'เหรียญตราดิจิทัลสำหรับแฟนๆ เพื่อให้รางวัลการมีส่วนร่วม'],
};
const TEXT_LANGUAGES: readonly TLanguage[] = ['ja-jp', 'en-us', 'ms-my', 'zh-cn', 'zh-tw', 'vi-vn', 'th-th'];

/** The regions that offer a product (mirrors REGION_PROFILES: overseas excludes cmp and lpbuilder, Malaysia only bownow). */
export const regionsOffering = (id: TProductId) => REGIONS.filter((r) => REGION_PROFILES[r].products.includes(id));

/** Fills the catalogue: regions, tags, free plan and trial length once, and the descriptions that are missing. */
export async function seedCatalogue(client: pg.Client): Promise<number> {
  const products = schemaName('global', 'licence');
  let inserted = 0;
  for (const id of PRODUCT_IDS) {
    const c = CATALOGUE[id];
    const r = await client.query(
      `UPDATE "${products}".products SET regions = $2, tags = $3, free_plan = $4, trial_days = $5, updated_at = now()
       WHERE id = $1 AND (regions IS NULL OR cardinality(regions) = 0)`,
      [id, regionsOffering(id), c.tags, c.freePlan, c.trialDays],
    );
    inserted += r.rowCount ?? 0;
    for (const [i, language] of TEXT_LANGUAGES.entries()) {
      const t = await client.query(
        `INSERT INTO "${products}".product_texts (product_id, language, description) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [id, language, TEXTS[id][i]],
      );
      inserted += t.rowCount ?? 0;
    }
  }
  return inserted;
}

/**
 * The demo clients' licences (design doc "Seed"): owner@example.com's client has an actibook
 * trial (started 3 days before the seed) and cocoar free; its bownow is paid through slice C's
 * contracts. The other products the demo clients held (client_products) are free licences.
 */
export async function seedLicences(client: pg.Client, held: Record<string, { shard: string; products: readonly TProductId[] }>, ownersClient: string): Promise<number> {
  let inserted = 0;
  for (const [clientUuid, { shard, products }] of Object.entries(held)) {
    const table = `"${schemaName(shard as never, 'licence')}".licences`;
    for (const product of products) {
      const trial = clientUuid === ownersClient && product === 'actibook';
      const zone = REGION_PROFILES[shard as keyof typeof REGION_PROFILES].timeZone;
      const r = await client.query(
        trial
          ? `INSERT INTO ${table} (client_uuid, product, kind, started_at, trial_ends_on)
             VALUES ($1, $2, 'trial', now() - interval '3 days', ((now() - interval '3 days') AT TIME ZONE $3)::date + ($4::int - 1)) ON CONFLICT DO NOTHING`
          : `INSERT INTO ${table} (client_uuid, product, kind) VALUES ($1, $2, 'free') ON CONFLICT DO NOTHING`,
        trial ? [clientUuid, product, zone, CATALOGUE.actibook.trialDays] : [clientUuid, product],
      );
      inserted += r.rowCount ?? 0;
      // Issue 22: the trial is also the client's one trial of the product, for ever.
      if (trial) {
        await client.query(
          `INSERT INTO "${schemaName(shard as never, 'licence')}".trials (client_uuid, product, started_at, ends_on)
           SELECT client_uuid, product, started_at, trial_ends_on FROM ${table} WHERE client_uuid = $1 AND product = $2 AND kind = 'trial'
           ON CONFLICT DO NOTHING`,
          [clientUuid, product],
        );
      }
    }
  }
  return inserted;
}
